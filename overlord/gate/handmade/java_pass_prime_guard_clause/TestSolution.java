public class TestSolution {
    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    public static void main(String[] args) {
        check(Solution.isPrime(2), "2 is prime");
        check(Solution.isPrime(3), "3 is prime");
        check(Solution.isPrime(13), "13 is prime");
        check(!Solution.isPrime(1), "1 is not prime");
        check(!Solution.isPrime(15), "15 is not prime");
    }
}
