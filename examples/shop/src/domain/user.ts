import type { Money } from './money.js';

export type UserId = string;

/** A customer of the shop. */
export class User {
  private readonly orders: string[] = [];

  constructor(
    readonly id: UserId,
    readonly email: string,
    private credit: Money,
  ) {}

  get balance(): Money {
    return this.credit;
  }

  placeOrder(orderId: string, total: Money): void {
    if (total.cents > this.credit.cents) {
      throw new Error(`user ${this.id} cannot afford order ${orderId}`);
    }
    this.credit = { cents: this.credit.cents - total.cents, currency: total.currency };
    this.orders.push(orderId);
  }

  orderCount(): number {
    return this.orders.length;
  }
}

export function isStaff(user: User): boolean {
  return user.email.endsWith('@shop.example');
}
