export { User, isStaff, type UserId } from './user.js';
export { formatMoney, type Money } from './money.js';
