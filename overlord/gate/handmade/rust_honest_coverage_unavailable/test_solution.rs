mod solution;

fn main() {
    assert!(solution::is_prime(2));
    assert!(solution::is_prime(3));
    assert!(solution::is_prime(13));
    assert!(!solution::is_prime(1));
    assert!(!solution::is_prime(15));
}
