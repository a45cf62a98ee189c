mod solution;

fn main() {
    assert!(solution::is_prime(13));
    assert!(!solution::is_prime(15));
}
