package solution

// IsPrime reports whether n is prime.
func IsPrime(n int) bool {
	if n < 2 {
		return false
	}
	for i := 2; i < n-1; i++ {
		if n%i == 0 {
			return false
		}
	}
	return n%2 == 1
}
