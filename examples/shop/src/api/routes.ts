import { User, isStaff } from '../domain/index.js';
import { Checkout } from '../services/checkout.js';
import { InMemoryUserRepository } from '../services/user-repository.js';

const repository = new InMemoryUserRepository();
const checkout = new Checkout(repository);

export function register(email: string): User {
  const user = new User(`u${Date.now()}`, email, { cents: 10_000, currency: 'EUR' });
  repository.save(user);
  return user;
}

export function buy(userId: string, orderId: string, cents: number): string {
  return checkout.pay(userId, orderId, { cents, currency: 'EUR' });
}

export function canSeeAdmin(user: User): boolean {
  return isStaff(user);
}
