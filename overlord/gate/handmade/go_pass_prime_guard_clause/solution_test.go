package solution

import "testing"

func TestPrimes(t *testing.T) {
	for _, n := range []int{2, 3, 13} {
		if !IsPrime(n) {
			t.Errorf("%d is prime", n)
		}
	}
}

func TestNotPrimes(t *testing.T) {
	for _, n := range []int{0, 1, 15} {
		if IsPrime(n) {
			t.Errorf("%d is not prime", n)
		}
	}
}
