#include <iostream>
#include <stdexcept>
#include <string>
int parse_port(const std::string& text) {
    int port = 0;
    try {
        port = std::stoi(text);
    } catch (const std::invalid_argument& e) {
        std::cerr << "not a port: " << text << "\n";
        throw;
    }
    if (port <= 0 || port > 65535) {
        throw std::invalid_argument("port out of range");
    }
    return port;
}
