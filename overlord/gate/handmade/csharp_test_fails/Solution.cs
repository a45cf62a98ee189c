public static class Solution
{
    public static bool IsPrime(int n)
    {
        if (n < 2)
        {
            return false;
        }
        for (int i = 2; i < n - 1; i++)
        {
            if (n % i == 0)
            {
                return false;
            }
        }
        return n % 2 == 1;
    }
}
