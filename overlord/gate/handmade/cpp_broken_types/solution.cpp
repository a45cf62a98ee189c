#include <string>
bool is_prime(int n) {
    int limit = std::string("n");
    for (int i = 2; i < limit; ++i) {
        if (n % i == 0) {
            return false;
        }
    }
    return n > 1;
}
