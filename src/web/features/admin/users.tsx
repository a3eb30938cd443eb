import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAdminUsers, useUserAction, type UserAction } from './api.ts';

/** Users, through Better Auth's admin endpoints (they check the admin role themselves). */
export function Users() {
  const [search, setSearch] = useState('');
  const list = useAdminUsers(search);
  const action = useUserAction({
    onDone: ({ done }) => toast.success(done),
    onFailed: (err) => toast.error(err.message),
  });

  return (
    <div className="space-y-4">
      <Input
        type="search"
        aria-label="Search users by e-mail"
        placeholder="Search users by e-mail"
        value={search}
        onChange={(e) => setSearch(e.target.value.trim())}
        className="max-w-md"
      />
      {list.isPending ? (
        <Spinner label="Loading users" />
      ) : list.isError ? (
        <p role="alert">{list.error.message}</p>
      ) : (
        <ul className="space-y-2">
          {list.data.users.map((u) => (
            <li key={u.id}>
              <Card
                className="flex flex-wrap items-center justify-between gap-3 p-4"
                role="group"
                aria-label={u.email}
              >
                <div>
                  <p className="font-semibold">
                    {u.name} {u.role === 'admin' && <Badge variant="secondary">admin</Badge>}{' '}
                    {u.banned && <Badge variant="default">suspended</Badge>}
                  </p>
                  <p className="text-sm text-cocoa-600">
                    {u.email} · {u.userType ?? 'customer'}
                  </p>
                  {u.banned && u.banReason && <p className="text-sm text-rose-700">{u.banReason}</p>}
                </div>
                {u.role !== 'admin' && (
                  <div className="flex flex-wrap gap-2">
                    {userActions(u).map(({ label, variant, ...a }) => (
                      <Button key={label} size="sm" variant={variant} onClick={() => action.mutate(a)}>
                        {label}
                      </Button>
                    ))}
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What an admin can do to a user (not an admin): ban or unban them, and sign them out everywhere. */
function userActions(u: { id: string; email: string; banned: boolean | null }) {
  const actions: (UserAction & { label: string; variant: 'outline' | 'ghost' })[] = [
    u.banned
      ? {
          label: 'Unban',
          variant: 'outline',
          path: 'unban-user',
          body: { userId: u.id },
          done: `${u.email} can sign in again.`,
        }
      : {
          label: 'Ban',
          variant: 'outline',
          path: 'ban-user',
          body: { userId: u.id, banReason: 'Suspended by an administrator' },
          done: `${u.email} is suspended.`,
        },
    {
      label: 'Revoke sessions',
      variant: 'ghost',
      path: 'revoke-user-sessions',
      body: { userId: u.id },
      done: `${u.email} was signed out everywhere.`,
    },
  ];
  return actions;
}
