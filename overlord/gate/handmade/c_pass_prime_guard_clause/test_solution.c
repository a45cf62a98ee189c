#include <assert.h>
int is_prime(int n);
int main(void) {
    assert(is_prime(2) == 1);
    assert(is_prime(3) == 1);
    assert(is_prime(13) == 1);
    assert(is_prime(1) == 0);
    assert(is_prime(15) == 0);
    return 0;
}
