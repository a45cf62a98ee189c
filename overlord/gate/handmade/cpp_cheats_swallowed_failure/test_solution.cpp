#include <cassert>
#include <string>
int parse_port(const std::string& text);
int main() {
    assert(parse_port("8080") == 8080);
    assert(parse_port("22") == 22);
    return 0;
}
