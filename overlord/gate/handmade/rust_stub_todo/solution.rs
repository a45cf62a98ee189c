pub fn is_prime(n: u64) -> bool {
    todo!()
}
