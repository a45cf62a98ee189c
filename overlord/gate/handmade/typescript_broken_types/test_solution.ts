import { isPrime } from "./solution";

function test_primes(): void {
  if (!isPrime(13)) {
    throw new Error("13 is prime");
  }
  if (isPrime(15)) {
    throw new Error("15 is not prime");
  }
}
