int is_prime(int n) {
    if (n < 2) {
        return 0;
    }
    for (int i = 3; i < n; i++) {
        if (n % i == 0) {
            return 0;
        }
    }
    return 1;
}
