using System;

public static class TestSolution
{
    public static int Main()
    {
        if (Solution.ParsePort("8080") != 8080)
        {
            throw new Exception("8080");
        }
        if (Solution.ParsePort("22") != 22)
        {
            throw new Exception("22");
        }
        bool threw = false;
        try
        {
            Solution.ParsePort("http");
        }
        catch (FormatException)
        {
            threw = true;
        }
        return threw ? 0 : 1;
    }
}
