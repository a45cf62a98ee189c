int clamp(int x, int lo, int hi) {
    return x < lo ? lo : (x > hi ? hi : x);
}

int histogram(const int *values, int n, int buckets, int *out) {
    int lo = values[0];
    int hi = values[0];
    for (int i = 0; i < buckets; i++) {
        out[i] = 0;
    }
    for (int i = 1; i < n; i++) {
        if (values[i] < lo) {
            lo = values[i];
        }
        if (values[i] > hi) {
            hi = values[i];
        }
    }
    int width = (hi - lo) / buckets + 1;
    for (int i = 0; i < n; i++) {
        int b = (values[i] - lo) / width;
        out[b] += 1;
    }
    return width;
}
