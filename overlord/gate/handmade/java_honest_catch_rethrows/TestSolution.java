public class TestSolution {
    public static void main(String[] args) {
        if (Solution.parsePort("8080") != 8080) {
            throw new AssertionError("8080");
        }
        if (Solution.parsePort("22") != 22) {
            throw new AssertionError("22");
        }
        boolean threw = false;
        try {
            Solution.parsePort("http");
        } catch (IllegalArgumentException e) {
            threw = true;
        }
        if (!threw) {
            throw new AssertionError("http is not a port");
        }
    }
}
