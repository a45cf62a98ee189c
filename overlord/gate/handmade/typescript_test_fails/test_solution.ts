import { isPrime } from "./solution";

function check(ok: boolean, what: string): void {
  if (!ok) {
    throw new Error(what);
  }
}

function test_primes(): void {
  check(isPrime(2), "2 is prime");
  check(isPrime(13), "13 is prime");
}

function test_not_primes(): void {
  check(!isPrime(15), "15 is not prime");
}
