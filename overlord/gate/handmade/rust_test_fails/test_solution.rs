mod solution;

fn main() {
    assert!(solution::is_prime(2), "2 is prime");
    assert!(solution::is_prime(13), "13 is prime");
    assert!(!solution::is_prime(15), "15 is not prime");
}
