#include <assert.h>
int total(const int *values, int n);
int main(void) {
    int v[] = {1, 2, 3};
    assert(total(v, 3) == 6);
    return 0;
}
