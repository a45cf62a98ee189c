public class TestSolution {
    public static void main(String[] args) {
        if (!Solution.isPrime(13)) {
            throw new AssertionError("13 is prime");
        }
        if (Solution.isPrime(15)) {
            throw new AssertionError("15 is not prime");
        }
    }
}
