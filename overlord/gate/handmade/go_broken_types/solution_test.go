package solution

import "testing"

func TestPrimes(t *testing.T) {
	if !IsPrime(13) {
		t.Error("13 is prime")
	}
	if IsPrime(15) {
		t.Error("15 is not prime")
	}
}
