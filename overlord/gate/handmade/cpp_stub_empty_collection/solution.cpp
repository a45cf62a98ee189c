#include <vector>
std::vector<int> evens(const std::vector<int>& values) {
    return {};
}
