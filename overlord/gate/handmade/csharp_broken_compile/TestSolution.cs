public static class TestSolution
{
    public static int Main()
    {
        if (!Solution.IsPrime(13))
        {
            return 1;
        }
        return Solution.IsPrime(15) ? 1 : 0;
    }
}
