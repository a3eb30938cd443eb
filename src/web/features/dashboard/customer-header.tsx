import { Cake, DollarSign, Heart, Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import type { DashboardStats } from '../../../shared/schemas/dashboard.ts';
import { Button } from '../../components/ui/button.tsx';
import { StatCard } from './parts.tsx';

/** Both customer dashboards open with a title, Design New Cake and the four stats of the spec. */
export function CustomerHeader({
  title,
  subtitle,
  stats,
}: {
  title: string;
  subtitle: ReactNode;
  stats: DashboardStats;
}) {
  const navigate = useNavigate();
  return (
    <>
      <div className="flex flex-col justify-between gap-4 sm:flex-row sm:items-center">
        <div>
          <h1 className="text-4xl font-semibold">{title}</h1>
          <p className="mt-1 text-cocoa-600">{subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="lg" variant="outline">
            <Link to="/plans">My Events</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/quotes">My Quotes</Link>
          </Button>
          <Button size="lg" onClick={() => navigate('/#ai-designer')}>
            <Cake aria-hidden /> Design New Cake
          </Button>
        </div>
      </div>
      <div className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard icon={Package} label="Total Orders" value={stats.totalOrders} />
        <StatCard icon={Cake} label="Designs Created" value={stats.designsCreated} />
        <StatCard icon={Heart} label="Favorite Vendors" value={stats.favoriteVendors} />
        <StatCard icon={DollarSign} label="Total Spent" value={formatCents(stats.totalSpent)} />
      </div>
    </>
  );
}
