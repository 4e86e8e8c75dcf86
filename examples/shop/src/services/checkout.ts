import { formatMoney, type Money, type User } from '../domain/index.js';
import type { UserRepository } from './user-repository.js';

export class Checkout {
  constructor(private readonly users: UserRepository) {}

  pay(userId: string, orderId: string, total: Money): string {
    const user = this.requireUser(userId);
    user.placeOrder(orderId, total);
    this.users.save(user);
    return `charged ${formatMoney(total)} to ${user.email}`;
  }

  private requireUser(userId: string): User {
    const user = this.users.findById(userId);
    if (!user) throw new Error(`no user ${userId}`);
    return user;
  }
}
