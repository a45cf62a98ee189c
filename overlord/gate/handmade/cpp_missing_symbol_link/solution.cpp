bool is_odd(int n) {
    return n % 2 != 0;
}
