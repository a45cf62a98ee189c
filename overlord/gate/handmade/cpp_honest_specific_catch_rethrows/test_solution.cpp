#include <cassert>
#include <stdexcept>
#include <string>
int parse_port(const std::string& text);
int main() {
    assert(parse_port("8080") == 8080);
    assert(parse_port("22") == 22);
    bool threw = false;
    try {
        parse_port("http");
    } catch (const std::invalid_argument&) {
        threw = true;
    }
    assert(threw);
    return 0;
}
