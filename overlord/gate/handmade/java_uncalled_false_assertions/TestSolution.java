public class TestSolution {
    static void test_small() {
        if (Solution.add(1, 2) != 3) {
            throw new AssertionError("1 + 2");
        }
    }

    static void test_large() {
        if (Solution.add(600, 600) != 1200) {
            throw new AssertionError("600 + 600 must be 1200");
        }
    }

    public static void main(String[] args) {
        test_small();
    }
}
