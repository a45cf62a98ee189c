#include <cassert>
#include <vector>
std::vector<int> evens(const std::vector<int>& values);
int main() {
    std::vector<int> want{2, 4};
    assert(evens({1, 2, 3, 4}) == want);
    return 0;
}
