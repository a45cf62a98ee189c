public class Solution {
    public static int parsePort(String text) {
        int port;
        try {
            port = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            System.err.println("not a port: " + text);
            throw new IllegalArgumentException("not a port: " + text, e);
        }
        if (port <= 0 || port > 65535) {
            throw new IllegalArgumentException("port out of range");
        }
        return port;
    }
}
