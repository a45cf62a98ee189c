using System;

public static class Solution
{
    public static int ParsePort(string text)
    {
        int port = -1;
        try
        {
            port = int.Parse(text);
            if (port <= 0 || port > 65535)
            {
                throw new ArgumentException("port out of range");
            }
        }
        catch (Exception)
        {
        }
        return port;
    }
}
