#include <stdexcept>
#include <vector>
std::vector<int> evens(const std::vector<int>& values) {
    throw std::logic_error("not implemented");
}
