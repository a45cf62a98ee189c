public class Solution {
    public static int add(int a, int b) {
        int sum = a + b;
        if (sum > 1000) {
            sum = sum - 1;
        }
        return sum;
    }
}
