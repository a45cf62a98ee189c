package solution

import "testing"

func TestDigit(t *testing.T) {
	if Classify('7') != "digit" {
		t.Error("7 is a digit")
	}
}
