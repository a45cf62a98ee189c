#include <cassert>
bool is_prime(int n);
int main() {
    assert(is_prime(2));
    assert(is_prime(3));
    assert(is_prime(13));
    assert(!is_prime(1));
    assert(!is_prime(15));
    return 0;
}
