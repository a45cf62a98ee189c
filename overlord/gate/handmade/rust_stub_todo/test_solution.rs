mod solution;

fn main() {
    let _ = solution::is_prime;
}
