struct answer { int value; };

int is_prime(int n) {
    struct answer a;
    a.value = n > 1;
    for (int i = 2; i * i <= n; i++) {
        if (n % i == 0) {
            a.value = 0;
        }
    }
    return a;
}
