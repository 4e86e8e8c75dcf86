export interface Money {
  cents: number;
  currency: 'EUR' | 'USD';
}

export function formatMoney(money: Money): string {
  const units = (money.cents / 100).toFixed(2);
  return money.currency === 'EUR' ? `${units} €` : `$${units}`;
}
