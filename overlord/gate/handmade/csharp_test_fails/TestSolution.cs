using System;

public static class TestSolution
{
    static void Check(bool ok, string what)
    {
        if (!ok)
        {
            throw new Exception(what);
        }
    }

    public static int Main()
    {
        Check(Solution.IsPrime(2), "2 is prime");
        Check(Solution.IsPrime(13), "13 is prime");
        Check(!Solution.IsPrime(15), "15 is not prime");
        return 0;
    }
}
