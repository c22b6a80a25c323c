import type { PendingEmailChange } from './email-change';
import type { RoleName, RoleType } from './roles';

/** Shapes that leave the server (API contract, ARCHITECTURE.md). */

export interface Pagination {
  start: number;
  limit: number;
  /** Present when counted (pagination[withCount], default for signed-in lists); never an estimate. */
  total?: number;
}
export interface Collection<T> {
  data: T[];
  meta: { pagination: Pagination };
}
export interface Single<T> {
  data: T;
  meta: Record<string, never>;
}
export interface ApiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: unknown };
}

export interface District {
  id: number;
  name: string;
  state: string;
}

export interface PublicCompany {
  id: number;
  username: string;
  email: string;
  description: string | null;
}

export interface JobLocation {
  street: string;
  postcode: string;
  city: string;
}

export interface Job {
  id: number;
  jobTitle: string;
  workingTime: string;
  assignment: string[];
  requirements: string[];
  benefits: string[];
  jobInfo: string[];
  location: JobLocation;
  salary: string;
  district: { id: number; name: string } | null;
  users_permissions_user: PublicCompany | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  placementBonus: number;
  currentPlacementBonus: number;
}

export interface PlacementBonus {
  id: number;
  bonus: number;
  advertisement: number;
  createdAt: string;
}

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  description: string | null;
  role: { type: RoleType; name: RoleName };
  confirmed: boolean;
  blocked: boolean;
  public: boolean;
  services: string[];
  profile_img: string | null;
  profile_img_id: number | null;
  last_login: string | null;
  createdAt: string;
  /** Own-user responses only: an e-mail change waiting for confirmation (null: none). */
  pendingEmail?: PendingEmailChange | null;
}

export interface LoginResponse {
  jwt: string;
  user: AuthUser;
}

export interface PublicConsultant {
  id: number;
  username: string;
  email: string;
  description: string | null;
  profile_img: string | null;
  services: string[];
}
