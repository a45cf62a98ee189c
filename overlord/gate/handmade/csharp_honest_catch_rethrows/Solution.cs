using System;

public static class Solution
{
    public static int ParsePort(string text)
    {
        int port;
        try
        {
            port = int.Parse(text);
        }
        catch (FormatException)
        {
            Console.Error.WriteLine("not a port: " + text);
            throw;
        }
        if (port <= 0 || port > 65535)
        {
            throw new ArgumentException("port out of range");
        }
        return port;
    }
}
