#include <assert.h>
double mean(const int *values, int n);
double median(const int *values, int n);
int main(void) {
    int v[] = {1, 2, 3};
    assert(mean(v, 3) == 2.0);
    assert(median(v, 3) == 2.0);
    return 0;
}
