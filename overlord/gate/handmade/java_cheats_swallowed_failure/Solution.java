public class Solution {
    public static int parsePort(String text) {
        int port = -1;
        try {
            port = Integer.parseInt(text);
            if (port <= 0 || port > 65535) {
                throw new IllegalArgumentException("port out of range");
            }
        } catch (Exception e) {
        }
        return port;
    }
}
