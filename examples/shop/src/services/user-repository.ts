import { User, type UserId } from '../domain/index.js';

export interface UserRepository {
  findById(id: UserId): User | undefined;
  save(user: User): void;
}

export class InMemoryUserRepository implements UserRepository {
  private readonly users = new Map<UserId, User>();

  findById(id: UserId): User | undefined {
    return this.users.get(id);
  }

  save(user: User): void {
    this.users.set(user.id, user);
  }
}
