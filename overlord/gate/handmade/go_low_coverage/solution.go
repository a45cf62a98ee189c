package solution

import "strings"

// Classify names the kind of a character.
func Classify(c rune) string {
	if c >= '0' && c <= '9' {
		return "digit"
	}
	if c >= 'a' && c <= 'z' {
		return "lower"
	}
	if c >= 'A' && c <= 'Z' {
		return "upper"
	}
	if c == ' ' || c == '\t' || c == '\n' {
		return "space"
	}
	if strings.ContainsRune(".,;:!?", c) {
		return "punct"
	}
	return "other"
}

// Count counts each kind in s.
func Count(s string) map[string]int {
	counts := map[string]int{}
	for _, c := range s {
		counts[Classify(c)]++
	}
	return counts
}
