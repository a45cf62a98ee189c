#include <assert.h>
int clamp(int x, int lo, int hi);
int main(void) {
    assert(clamp(5, 0, 3) == 3);
    return 0;
}
