#include <stdexcept>
#include <string>
int parse_port(const std::string& text) {
    int port = -1;
    try {
        port = std::stoi(text);
        if (port <= 0 || port > 65535) {
            throw std::invalid_argument("port out of range");
        }
    } catch (...) {
    }
    return port;
}
