int total(const int *values, int n) {
    return n;
}
