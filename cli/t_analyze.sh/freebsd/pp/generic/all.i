typedef signed char __int8_t;
typedef unsigned char __uint8_t;
typedef short __int16_t;
typedef unsigned short __uint16_t;
typedef int __int32_t;
typedef unsigned int __uint32_t;
typedef long __int64_t;
typedef unsigned long __uint64_t;
typedef __int8_t __int_least8_t;
typedef __int16_t __int_least16_t;
typedef __int32_t __int_least32_t;
typedef __int64_t __int_least64_t;
typedef __int64_t __intmax_t;
typedef __uint8_t __uint_least8_t;
typedef __uint16_t __uint_least16_t;
typedef __uint32_t __uint_least32_t;
typedef __uint64_t __uint_least64_t;
typedef __uint64_t __uintmax_t;
typedef __int64_t __intptr_t;
typedef __int64_t __intfptr_t;
typedef __uint64_t __uintptr_t;
typedef __uint64_t __uintfptr_t;
typedef __uint64_t __vm_offset_t;
typedef __uint64_t __vm_size_t;
typedef __uint64_t __size_t;
typedef __int64_t __ssize_t;
typedef __int64_t __ptrdiff_t;
typedef __int32_t __clock_t;
typedef __int64_t __critical_t;
typedef double __double_t;
typedef float __float_t;
typedef __int32_t __int_fast8_t;
typedef __int32_t __int_fast16_t;
typedef __int32_t __int_fast32_t;
typedef __int64_t __int_fast64_t;
typedef __int64_t __register_t;
typedef __int64_t __segsz_t;
typedef __int64_t __time_t;
typedef __uint32_t __uint_fast8_t;
typedef __uint32_t __uint_fast16_t;
typedef __uint32_t __uint_fast32_t;
typedef __uint64_t __uint_fast64_t;
typedef __uint64_t __u_register_t;
typedef __uint64_t __vm_paddr_t;
typedef int ___wchar_t;
typedef __int32_t __blksize_t;
typedef __int64_t __blkcnt_t;
typedef __int32_t __clockid_t;
typedef __uint32_t __fflags_t;
typedef __uint64_t __fsblkcnt_t;
typedef __uint64_t __fsfilcnt_t;
typedef __uint32_t __gid_t;
typedef __int64_t __id_t;
typedef __uint64_t __ino_t;
typedef long __key_t;
typedef __int32_t __lwpid_t;
typedef __uint16_t __mode_t;
typedef int __accmode_t;
typedef int __nl_item;
typedef __uint64_t __nlink_t;
typedef __int64_t __off_t;
typedef __int64_t __off64_t;
typedef __int32_t __pid_t;
typedef __int64_t __sbintime_t;
typedef __int64_t __rlim_t;
typedef __uint8_t __sa_family_t;
typedef __uint32_t __socklen_t;
typedef long __suseconds_t;
typedef struct __timer *__timer_t;
typedef struct __mq *__mqd_t;
typedef __uint32_t __uid_t;
typedef unsigned int __useconds_t;
typedef int __cpuwhich_t;
typedef int __cpulevel_t;
typedef int __cpusetid_t;
typedef __int64_t __daddr_t;
typedef int __ct_rune_t;
typedef __ct_rune_t __rune_t;
typedef __ct_rune_t __wint_t;
typedef __uint_least16_t __char16_t;
typedef __uint_least32_t __char32_t;
typedef struct {
 long long __max_align1 __attribute__((__aligned__(__alignof(long long))));
 long double __max_align2 __attribute__((__aligned__(__alignof(long double))));
} __max_align_t;
typedef __uint64_t __dev_t;
typedef __uint32_t __fixpt_t;
typedef union {
 char __mbstate8[128];
 __int64_t _mbstateL;
} __mbstate_t;
typedef __uintmax_t __rman_res_t;
typedef __builtin_va_list __va_list;
typedef __va_list __gnuc_va_list;
struct pthread;
struct pthread_attr;
struct pthread_cond;
struct pthread_cond_attr;
struct pthread_mutex;
struct pthread_mutex_attr;
struct pthread_once;
struct pthread_rwlock;
struct pthread_rwlockattr;
struct pthread_barrier;
struct pthread_barrier_attr;
struct pthread_spinlock;
typedef struct pthread *pthread_t;
typedef struct pthread_attr *pthread_attr_t;
typedef struct pthread_mutex *pthread_mutex_t;
typedef struct pthread_mutex_attr *pthread_mutexattr_t;
typedef struct pthread_cond *pthread_cond_t;
typedef struct pthread_cond_attr *pthread_condattr_t;
typedef int pthread_key_t;
typedef struct pthread_once pthread_once_t;
typedef struct pthread_rwlock *pthread_rwlock_t;
typedef struct pthread_rwlockattr *pthread_rwlockattr_t;
typedef struct pthread_barrier *pthread_barrier_t;
typedef struct pthread_barrierattr *pthread_barrierattr_t;
typedef struct pthread_spinlock *pthread_spinlock_t;
typedef void *pthread_addr_t;
typedef void *(*pthread_startroutine_t)(void *);
struct pthread_once {
 int state;
 pthread_mutex_t mutex;
};
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef __int8_t int8_t;
typedef __int16_t int16_t;
typedef __int32_t int32_t;
typedef __int64_t int64_t;
typedef __uint8_t uint8_t;
typedef __uint16_t uint16_t;
typedef __uint32_t uint32_t;
typedef __uint64_t uint64_t;
typedef __intptr_t intptr_t;
typedef __uintptr_t uintptr_t;
typedef __intmax_t intmax_t;
typedef __uintmax_t uintmax_t;

typedef __uint8_t u_int8_t;
typedef __uint16_t u_int16_t;
typedef __uint32_t u_int32_t;
typedef __uint64_t u_int64_t;
typedef __uint64_t u_quad_t;
typedef __int64_t quad_t;
typedef quad_t * qaddr_t;
typedef char * caddr_t;
typedef const char * c_caddr_t;
typedef __blksize_t blksize_t;
typedef __cpuwhich_t cpuwhich_t;
typedef __cpulevel_t cpulevel_t;
typedef __cpusetid_t cpusetid_t;
typedef __blkcnt_t blkcnt_t;
typedef __clock_t clock_t;
typedef __clockid_t clockid_t;
typedef __critical_t critical_t;
typedef __daddr_t daddr_t;
typedef __dev_t dev_t;
typedef __fflags_t fflags_t;
typedef __fixpt_t fixpt_t;
typedef __fsblkcnt_t fsblkcnt_t;
typedef __fsfilcnt_t fsfilcnt_t;
typedef __gid_t gid_t;
typedef __uint32_t in_addr_t;
typedef __uint16_t in_port_t;
typedef __id_t id_t;
typedef __ino_t ino_t;
typedef __key_t key_t;
typedef __lwpid_t lwpid_t;
typedef __mode_t mode_t;
typedef __accmode_t accmode_t;
typedef __nlink_t nlink_t;
typedef __off_t off_t;
typedef __off64_t off64_t;
typedef __pid_t pid_t;
typedef __register_t register_t;
typedef __rlim_t rlim_t;
typedef __sbintime_t sbintime_t;
typedef __segsz_t segsz_t;
typedef __size_t size_t;
typedef __ssize_t ssize_t;
typedef __suseconds_t suseconds_t;
typedef __time_t time_t;
typedef __timer_t timer_t;
typedef __mqd_t mqd_t;
typedef __u_register_t u_register_t;
typedef __uid_t uid_t;
typedef __useconds_t useconds_t;
typedef unsigned long cap_ioctl_t;
struct cap_rights;
typedef struct cap_rights cap_rights_t;
typedef __uint64_t kpaddr_t;
typedef __uint64_t kvaddr_t;
typedef __uint64_t ksize_t;
typedef __int64_t kssize_t;
typedef __vm_offset_t vm_offset_t;
typedef __uint64_t vm_ooffset_t;
typedef __vm_paddr_t vm_paddr_t;
typedef __uint64_t vm_pindex_t;
typedef __vm_size_t vm_size_t;
typedef __rman_res_t rman_res_t;
typedef __register_t syscallarg_t;
typedef unsigned int boolean_t;
typedef struct _device *device_t;
typedef __intfptr_t intfptr_t;
typedef __uint32_t intrmask_t;
typedef __uintfptr_t uintfptr_t;
typedef __uint64_t uoff_t;
typedef char vm_memattr_t;
typedef struct vm_page *vm_page_t;
typedef _Bool bool;
static __inline __uint16_t
__bitcount16(__uint16_t _x)
{
 _x = (_x & 0x5555) + ((_x & 0xaaaa) >> 1);
 _x = (_x & 0x3333) + ((_x & 0xcccc) >> 2);
 _x = (_x + (_x >> 4)) & 0x0f0f;
 _x = (_x + (_x >> 8)) & 0x00ff;
 return (_x);
}
static __inline __uint32_t
__bitcount32(__uint32_t _x)
{
 _x = (_x & 0x55555555) + ((_x & 0xaaaaaaaa) >> 1);
 _x = (_x & 0x33333333) + ((_x & 0xcccccccc) >> 2);
 _x = (_x + (_x >> 4)) & 0x0f0f0f0f;
 _x = (_x + (_x >> 8));
 _x = (_x + (_x >> 16)) & 0x000000ff;
 return (_x);
}
static __inline __uint64_t
__bitcount64(__uint64_t _x)
{
 _x = (_x & 0x5555555555555555) + ((_x & 0xaaaaaaaaaaaaaaaa) >> 1);
 _x = (_x & 0x3333333333333333) + ((_x & 0xcccccccccccccccc) >> 2);
 _x = (_x + (_x >> 4)) & 0x0f0f0f0f0f0f0f0f;
 _x = (_x + (_x >> 8));
 _x = (_x + (_x >> 16));
 _x = (_x + (_x >> 32)) & 0x000000ff;
 return (_x);
}
typedef struct __sigset {
 __uint32_t __bits[4];
} __sigset_t;
struct timeval {
 time_t tv_sec;
 suseconds_t tv_usec;
};
struct timespec {
 time_t tv_sec;
 long tv_nsec;
};
struct itimerspec {
 struct timespec it_interval;
 struct timespec it_value;
};

typedef unsigned long __fd_mask;
typedef __fd_mask fd_mask;
typedef __sigset_t sigset_t;
typedef struct fd_set {
 __fd_mask __fds_bits[(((1024) + (((sizeof(__fd_mask) * 8)) - 1)) / ((sizeof(__fd_mask) * 8)))];
} fd_set;
static __inline int
__major(dev_t _d)
{
 return (((_d >> 32) & 0xffffff00) | ((_d >> 8) & 0xff));
}
static __inline int
__minor(dev_t _d)
{
 return (((_d >> 24) & 0xff00) | (_d & 0xffff00ff));
}
static __inline dev_t
__makedev(int _Major, int _Minor)
{
 return (((dev_t)(_Major & 0xffffff00) << 32) | ((_Major & 0xff) << 8) |
     ((dev_t)(_Minor & 0xff00) << 24) | (_Minor & 0xffff00ff));
}


struct timezone {
 int tz_minuteswest;
 int tz_dsttime;
};
struct bintime {
 time_t sec;
 uint64_t frac;
};
static __inline void
bintime_addx(struct bintime *_bt, uint64_t _x)
{
 uint64_t _u;
 _u = _bt->frac;
 _bt->frac += _x;
 if (_u > _bt->frac)
  _bt->sec++;
}
static __inline void
bintime_add(struct bintime *_bt, const struct bintime *_bt2)
{
 uint64_t _u;
 _u = _bt->frac;
 _bt->frac += _bt2->frac;
 if (_u > _bt->frac)
  _bt->sec++;
 _bt->sec += _bt2->sec;
}
static __inline void
bintime_sub(struct bintime *_bt, const struct bintime *_bt2)
{
 uint64_t _u;
 _u = _bt->frac;
 _bt->frac -= _bt2->frac;
 if (_u < _bt->frac)
  _bt->sec--;
 _bt->sec -= _bt2->sec;
}
static __inline void
bintime_mul(struct bintime *_bt, u_int _x)
{
 uint64_t _p1, _p2;
 _p1 = (_bt->frac & 0xffffffffull) * _x;
 _p2 = (_bt->frac >> 32) * _x + (_p1 >> 32);
 _bt->sec *= _x;
 _bt->sec += (_p2 >> 32);
 _bt->frac = (_p2 << 32) | (_p1 & 0xffffffffull);
}
static __inline void
bintime_shift(struct bintime *_bt, int _exp)
{
 if (_exp > 0) {
  _bt->sec <<= _exp;
  _bt->sec |= _bt->frac >> (64 - _exp);
  _bt->frac <<= _exp;
 } else if (_exp < 0) {
  _bt->frac >>= -_exp;
  _bt->frac |= (uint64_t)_bt->sec << (64 + _exp);
  _bt->sec >>= -_exp;
 }
}
static __inline int
sbintime_getsec(sbintime_t _sbt)
{
 return (_sbt >> 32);
}
static __inline sbintime_t
bttosbt(const struct bintime _bt)
{
 return (((sbintime_t)_bt.sec << 32) + (_bt.frac >> 32));
}
static __inline struct bintime
sbttobt(sbintime_t _sbt)
{
 struct bintime _bt;
 _bt.sec = _sbt >> 32;
 _bt.frac = _sbt << 32;
 return (_bt);
}
static __inline int64_t
__stime64_scale32_ceil(int64_t x, int32_t factor, int32_t divisor)
{
 const int64_t rem = x % divisor;
 return (x / divisor * factor + (rem * factor + divisor - 1) / divisor);
}
static __inline int64_t
__stime64_scale32_floor(int64_t x, int32_t factor, int32_t divisor)
{
 const int64_t rem = x % divisor;
 return (x / divisor * factor + (rem * factor) / divisor);
}
static __inline uint64_t
__utime64_scale32_ceil(uint64_t x, uint32_t factor, uint32_t divisor)
{
 const uint64_t rem = x % divisor;
 return (x / divisor * factor + (rem * factor + divisor - 1) / divisor);
}
static __inline uint64_t
__utime64_scale32_floor(uint64_t x, uint32_t factor, uint32_t divisor)
{
 const uint64_t rem = x % divisor;
 return (x / divisor * factor + (rem * factor) / divisor);
}
static __inline int64_t
__stime64_scale64_ceil(int64_t x, int64_t factor, int64_t divisor)
{
 const int64_t gcd = ((~(factor) & ((factor) - 1) & ~(divisor) & ((divisor) - 1)) + 1);
 return (__stime64_scale32_ceil(x, factor / gcd, divisor / gcd));
}
static __inline int64_t
__stime64_scale64_floor(int64_t x, int64_t factor, int64_t divisor)
{
 const int64_t gcd = ((~(factor) & ((factor) - 1) & ~(divisor) & ((divisor) - 1)) + 1);
 return (__stime64_scale32_floor(x, factor / gcd, divisor / gcd));
}
static __inline uint64_t
__utime64_scale64_ceil(uint64_t x, uint64_t factor, uint64_t divisor)
{
 const uint64_t gcd = ((~(factor) & ((factor) - 1) & ~(divisor) & ((divisor) - 1)) + 1);
 return (__utime64_scale32_ceil(x, factor / gcd, divisor / gcd));
}
static __inline uint64_t
__utime64_scale64_floor(uint64_t x, uint64_t factor, uint64_t divisor)
{
 const uint64_t gcd = ((~(factor) & ((factor) - 1) & ~(divisor) & ((divisor) - 1)) + 1);
 return (__utime64_scale32_floor(x, factor / gcd, divisor / gcd));
}
static __inline int64_t sbttons(sbintime_t sbt) { return (__stime64_scale64_floor(sbt, 1000000000, ((sbintime_t)1 << 32))); } static __inline sbintime_t nstosbt(int64_t ns) { return (__stime64_scale64_ceil(ns, ((sbintime_t)1 << 32), 1000000000)); }
static __inline int64_t sbttous(sbintime_t sbt) { return (__stime64_scale64_floor(sbt, 1000000, ((sbintime_t)1 << 32))); } static __inline sbintime_t ustosbt(int64_t us) { return (__stime64_scale64_ceil(us, ((sbintime_t)1 << 32), 1000000)); }
static __inline int64_t sbttoms(sbintime_t sbt) { return (__stime64_scale64_floor(sbt, 1000, ((sbintime_t)1 << 32))); } static __inline sbintime_t mstosbt(int64_t ms) { return (__stime64_scale64_ceil(ms, ((sbintime_t)1 << 32), 1000)); }
static __inline void
bintime2timespec(const struct bintime *_bt, struct timespec *_ts)
{
 _ts->tv_sec = _bt->sec;
 _ts->tv_nsec = __utime64_scale64_floor(
     _bt->frac, 1000000000, 1ULL << 32) >> 32;
}
static __inline uint64_t
bintime2ns(const struct bintime *_bt)
{
 uint64_t ret;
 ret = (uint64_t)(_bt->sec) * (uint64_t)1000000000;
 ret += __utime64_scale64_floor(
     _bt->frac, 1000000000, 1ULL << 32) >> 32;
 return (ret);
}
static __inline void
timespec2bintime(const struct timespec *_ts, struct bintime *_bt)
{
 _bt->sec = _ts->tv_sec;
 _bt->frac = __utime64_scale64_floor(
     (uint64_t)_ts->tv_nsec << 32, 1ULL << 32, 1000000000);
}
static __inline void
bintime2timeval(const struct bintime *_bt, struct timeval *_tv)
{
 _tv->tv_sec = _bt->sec;
 _tv->tv_usec = __utime64_scale64_floor(
     _bt->frac, 1000000, 1ULL << 32) >> 32;
}
static __inline void
timeval2bintime(const struct timeval *_tv, struct bintime *_bt)
{
 _bt->sec = _tv->tv_sec;
 _bt->frac = __utime64_scale64_floor(
     (uint64_t)_tv->tv_usec << 32, 1ULL << 32, 1000000);
}
static __inline struct timespec
sbttots(sbintime_t _sbt)
{
 struct timespec _ts;
 _ts.tv_sec = _sbt >> 32;
 _ts.tv_nsec = sbttons((uint32_t)_sbt);
 return (_ts);
}
static __inline sbintime_t
tstosbt(struct timespec _ts)
{
 return (((sbintime_t)_ts.tv_sec << 32) + nstosbt(_ts.tv_nsec));
}
static __inline struct timeval
sbttotv(sbintime_t _sbt)
{
 struct timeval _tv;
 _tv.tv_sec = _sbt >> 32;
 _tv.tv_usec = sbttous((uint32_t)_sbt);
 return (_tv);
}
static __inline sbintime_t
tvtosbt(struct timeval _tv)
{
 return (((sbintime_t)_tv.tv_sec << 32) + ustosbt(_tv.tv_usec));
}
struct itimerval {
 struct timeval it_interval;
 struct timeval it_value;
};
struct clockinfo {
 int hz;
 int tick;
 int spare;
 int stathz;
 int profhz;
};
void inittodr(time_t base);
void resettodr(void);
extern volatile time_t time_second;
extern volatile time_t time_uptime;
extern struct bintime tc_tick_bt;
extern sbintime_t tc_tick_sbt;
extern time_t tick_seconds_max;
extern struct bintime tick_bt;
extern sbintime_t tick_sbt;
extern int tc_precexp;
extern int tc_timepercentage;
extern struct bintime bt_timethreshold;
extern struct bintime bt_tickthreshold;
extern sbintime_t sbt_timethreshold;
extern sbintime_t sbt_tickthreshold;
extern volatile int rtc_generation;
void binuptime(struct bintime *bt);
void nanouptime(struct timespec *tsp);
void microuptime(struct timeval *tvp);
static __inline sbintime_t
sbinuptime(void)
{
 struct bintime _bt;
 binuptime(&_bt);
 return (bttosbt(_bt));
}
void bintime(struct bintime *bt);
void nanotime(struct timespec *tsp);
void microtime(struct timeval *tvp);
void getbinuptime(struct bintime *bt);
void getnanouptime(struct timespec *tsp);
void getmicrouptime(struct timeval *tvp);
static __inline sbintime_t
getsbinuptime(void)
{
 struct bintime _bt;
 getbinuptime(&_bt);
 return (bttosbt(_bt));
}
void getbintime(struct bintime *bt);
void getnanotime(struct timespec *tsp);
void getmicrotime(struct timeval *tvp);
void getboottime(struct timeval *boottime);
void getboottimebin(struct bintime *boottimebin);
int itimerdecr(struct itimerval *itp, int usec);
int itimerfix(struct timeval *tv);
int eventratecheck(struct timeval *, int *, int);
int ratecheck(struct timeval *, const struct timeval *);
void timevaladd(struct timeval *t1, const struct timeval *t2);
void timevalsub(struct timeval *t1, const struct timeval *t2);
int tvtohz(struct timeval *tv);
struct priority {
 u_char pri_class;
 u_char pri_level;
 u_char pri_native;
 u_char pri_user;
};
__uint32_t htonl(__uint32_t);
__uint16_t htons(__uint16_t);
__uint32_t ntohl(__uint32_t);
__uint16_t ntohs(__uint16_t);

struct lock_object;
struct callout_list { struct callout *lh_first; };
struct callout_slist { struct callout *slh_first; };
struct callout_tailq { struct callout *tqh_first; struct callout **tqh_last; };
typedef void callout_func_t(void *);
struct callout {
 union {
  struct { struct callout *le_next; struct callout **le_prev; } le;
  struct { struct callout *sle_next; } sle;
  struct { struct callout *tqe_next; struct callout **tqe_prev; } tqe;
 } c_links;
 __sbintime_t c_time;
 __sbintime_t c_precision;
 void *c_arg;
 callout_func_t *c_func;
 struct lock_object *c_lock;
 short c_flags;
 short c_iflags;
 volatile int c_cpu;
};
void callout_init(struct callout *, int);
void _callout_init_lock(struct callout *, struct lock_object *, int);
int callout_reset_sbt_on(struct callout *, sbintime_t, sbintime_t,
     void (*)(void *), void *, int, int);
int callout_schedule(struct callout *, int);
int callout_schedule_on(struct callout *, int, int);
int _callout_stop_safe(struct callout *, int, void (*)(void *));
void callout_process(sbintime_t now);
void callout_when(sbintime_t sbt, sbintime_t precision, int flags,
    sbintime_t *sbt_res, sbintime_t *prec_res);
extern const char *panicstr;
extern bool panicked;
void panic(const char *, ...) __attribute__((__noreturn__)) __attribute__((__format__ (__freebsd_kprintf__, 1, 2)));
void vpanic(const char *, __va_list) __attribute__((__noreturn__)) __attribute__((__format__ (__freebsd_kprintf__, 1, 0)));

typedef __int_least8_t int_least8_t;
typedef __int_least16_t int_least16_t;
typedef __int_least32_t int_least32_t;
typedef __int_least64_t int_least64_t;
typedef __uint_least8_t uint_least8_t;
typedef __uint_least16_t uint_least16_t;
typedef __uint_least32_t uint_least32_t;
typedef __uint_least64_t uint_least64_t;
typedef __int_fast8_t int_fast8_t;
typedef __int_fast16_t int_fast16_t;
typedef __int_fast32_t int_fast32_t;
typedef __int_fast64_t int_fast64_t;
typedef __uint_fast8_t uint_fast8_t;
typedef __uint_fast16_t uint_fast16_t;
typedef __uint_fast32_t uint_fast32_t;
typedef __uint_fast64_t uint_fast64_t;
static __inline int atomic_cmpset_char(volatile u_char *dst, u_char expect, u_char src) { u_char res; __asm volatile( " lock; cmpxchg %3,%1 ;	" "# atomic_cmpset_" "char" "	" : "=@cce" (res), "+m" (*dst), "+a" (expect) : "r" (src) : "memory", "cc"); return (res); } static __inline int atomic_fcmpset_char(volatile u_char *dst, u_char *expect, u_char src) { u_char res; __asm volatile( " lock; cmpxchg %3,%1 ;		" "# atomic_fcmpset_" "char" "	" : "=@cce" (res), "+m" (*dst), "+a" (*expect) : "r" (src) : "memory", "cc"); return (res); };
static __inline int atomic_cmpset_short(volatile u_short *dst, u_short expect, u_short src) { u_char res; __asm volatile( " lock; cmpxchg %3,%1 ;	" "# atomic_cmpset_" "short" "	" : "=@cce" (res), "+m" (*dst), "+a" (expect) : "r" (src) : "memory", "cc"); return (res); } static __inline int atomic_fcmpset_short(volatile u_short *dst, u_short *expect, u_short src) { u_char res; __asm volatile( " lock; cmpxchg %3,%1 ;		" "# atomic_fcmpset_" "short" "	" : "=@cce" (res), "+m" (*dst), "+a" (*expect) : "r" (src) : "memory", "cc"); return (res); };
static __inline int atomic_cmpset_int(volatile u_int *dst, u_int expect, u_int src) { u_char res; __asm volatile( " lock; cmpxchg %3,%1 ;	" "# atomic_cmpset_" "int" "	" : "=@cce" (res), "+m" (*dst), "+a" (expect) : "r" (src) : "memory", "cc"); return (res); } static __inline int atomic_fcmpset_int(volatile u_int *dst, u_int *expect, u_int src) { u_char res; __asm volatile( " lock; cmpxchg %3,%1 ;		" "# atomic_fcmpset_" "int" "	" : "=@cce" (res), "+m" (*dst), "+a" (*expect) : "r" (src) : "memory", "cc"); return (res); };
static __inline int atomic_cmpset_long(volatile u_long *dst, u_long expect, u_long src) { u_char res; __asm volatile( " lock; cmpxchg %3,%1 ;	" "# atomic_cmpset_" "long" "	" : "=@cce" (res), "+m" (*dst), "+a" (expect) : "r" (src) : "memory", "cc"); return (res); } static __inline int atomic_fcmpset_long(volatile u_long *dst, u_long *expect, u_long src) { u_char res; __asm volatile( " lock; cmpxchg %3,%1 ;		" "# atomic_fcmpset_" "long" "	" : "=@cce" (res), "+m" (*dst), "+a" (*expect) : "r" (src) : "memory", "cc"); return (res); };
static __inline u_int
atomic_fetchadd_int(volatile u_int *p, u_int v)
{
 __asm volatile(
 " lock; xaddl	%0,%1 ;		"
 "# atomic_fetchadd_int"
 : "+r" (v),
   "+m" (*p)
 : : "cc");
 return (v);
}
static __inline u_long
atomic_fetchadd_long(volatile u_long *p, u_long v)
{
 __asm volatile(
 " lock;	xaddq	%0,%1 ;		"
 "# atomic_fetchadd_long"
 : "+r" (v),
   "+m" (*p)
 : : "cc");
 return (v);
}
static __inline int
atomic_testandset_int(volatile u_int *p, u_int v)
{
 u_char res;
 __asm volatile(
 " lock;	btsl	%2,%1 ;		"
 "# atomic_testandset_int"
 : "=@ccc" (res),
   "+m" (*p)
 : "Ir" (v & 0x1f)
 : "cc");
 return (res);
}
static __inline int
atomic_testandset_long(volatile u_long *p, u_int v)
{
 u_char res;
 __asm volatile(
 " lock;	btsq	%2,%1 ;		"
 "# atomic_testandset_long"
 : "=@ccc" (res),
   "+m" (*p)
 : "Jr" ((u_long)(v & 0x3f))
 : "cc");
 return (res);
}
static __inline int
atomic_testandclear_int(volatile u_int *p, u_int v)
{
 u_char res;
 __asm volatile(
 " lock;	btrl	%2,%1 ;		"
 "# atomic_testandclear_int"
 : "=@ccc" (res),
   "+m" (*p)
 : "Ir" (v & 0x1f)
 : "cc");
 return (res);
}
static __inline int
atomic_testandclear_long(volatile u_long *p, u_int v)
{
 u_char res;
 __asm volatile(
 " lock;	btrq	%2,%1 ;		"
 "# atomic_testandclear_long"
 : "=@ccc" (res),
   "+m" (*p)
 : "Jr" ((u_long)(v & 0x3f))
 : "cc");
 return (res);
}
static __inline void
__storeload_barrier(void)
{
 __asm volatile("lock; addl $0,%%gs:%0"
     : "+m" (*(u_int *)0x100) : : "memory", "cc");
}
static __inline void
atomic_thread_fence_acq(void)
{
 __asm volatile(" " : : : "memory");
}
static __inline void
atomic_thread_fence_rel(void)
{
 __asm volatile(" " : : : "memory");
}
static __inline void
atomic_thread_fence_acq_rel(void)
{
 __asm volatile(" " : : : "memory");
}
static __inline void
atomic_thread_fence_seq_cst(void)
{
 __storeload_barrier();
}
static __inline void atomic_set_char(volatile u_char *p, u_char v){ __asm volatile("lock; " "orb %b1,%0" : "+m" (*p) : "iq" (v) : "cc"); } static __inline void atomic_set_barr_char(volatile u_char *p, u_char v){ __asm volatile("lock; " "orb %b1,%0" : "+m" (*p) : "iq" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_clear_char(volatile u_char *p, u_char v){ __asm volatile("lock; " "andb %b1,%0" : "+m" (*p) : "iq" (~v) : "cc"); } static __inline void atomic_clear_barr_char(volatile u_char *p, u_char v){ __asm volatile("lock; " "andb %b1,%0" : "+m" (*p) : "iq" (~v) : "memory", "cc"); } struct __hack;
static __inline void atomic_add_char(volatile u_char *p, u_char v){ __asm volatile("lock; " "addb %b1,%0" : "+m" (*p) : "iq" (v) : "cc"); } static __inline void atomic_add_barr_char(volatile u_char *p, u_char v){ __asm volatile("lock; " "addb %b1,%0" : "+m" (*p) : "iq" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_subtract_char(volatile u_char *p, u_char v){ __asm volatile("lock; " "subb %b1,%0" : "+m" (*p) : "iq" (v) : "cc"); } static __inline void atomic_subtract_barr_char(volatile u_char *p, u_char v){ __asm volatile("lock; " "subb %b1,%0" : "+m" (*p) : "iq" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_set_short(volatile u_short *p, u_short v){ __asm volatile("lock; " "orw %w1,%0" : "+m" (*p) : "ir" (v) : "cc"); } static __inline void atomic_set_barr_short(volatile u_short *p, u_short v){ __asm volatile("lock; " "orw %w1,%0" : "+m" (*p) : "ir" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_clear_short(volatile u_short *p, u_short v){ __asm volatile("lock; " "andw %w1,%0" : "+m" (*p) : "ir" (~v) : "cc"); } static __inline void atomic_clear_barr_short(volatile u_short *p, u_short v){ __asm volatile("lock; " "andw %w1,%0" : "+m" (*p) : "ir" (~v) : "memory", "cc"); } struct __hack;
static __inline void atomic_add_short(volatile u_short *p, u_short v){ __asm volatile("lock; " "addw %w1,%0" : "+m" (*p) : "ir" (v) : "cc"); } static __inline void atomic_add_barr_short(volatile u_short *p, u_short v){ __asm volatile("lock; " "addw %w1,%0" : "+m" (*p) : "ir" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_subtract_short(volatile u_short *p, u_short v){ __asm volatile("lock; " "subw %w1,%0" : "+m" (*p) : "ir" (v) : "cc"); } static __inline void atomic_subtract_barr_short(volatile u_short *p, u_short v){ __asm volatile("lock; " "subw %w1,%0" : "+m" (*p) : "ir" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_set_int(volatile u_int *p, u_int v){ __asm volatile("lock; " "orl %1,%0" : "+m" (*p) : "ir" (v) : "cc"); } static __inline void atomic_set_barr_int(volatile u_int *p, u_int v){ __asm volatile("lock; " "orl %1,%0" : "+m" (*p) : "ir" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_clear_int(volatile u_int *p, u_int v){ __asm volatile("lock; " "andl %1,%0" : "+m" (*p) : "ir" (~v) : "cc"); } static __inline void atomic_clear_barr_int(volatile u_int *p, u_int v){ __asm volatile("lock; " "andl %1,%0" : "+m" (*p) : "ir" (~v) : "memory", "cc"); } struct __hack;
static __inline void atomic_add_int(volatile u_int *p, u_int v){ __asm volatile("lock; " "addl %1,%0" : "+m" (*p) : "ir" (v) : "cc"); } static __inline void atomic_add_barr_int(volatile u_int *p, u_int v){ __asm volatile("lock; " "addl %1,%0" : "+m" (*p) : "ir" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_subtract_int(volatile u_int *p, u_int v){ __asm volatile("lock; " "subl %1,%0" : "+m" (*p) : "ir" (v) : "cc"); } static __inline void atomic_subtract_barr_int(volatile u_int *p, u_int v){ __asm volatile("lock; " "subl %1,%0" : "+m" (*p) : "ir" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_set_long(volatile u_long *p, u_long v){ __asm volatile("lock; " "orq %1,%0" : "+m" (*p) : "er" (v) : "cc"); } static __inline void atomic_set_barr_long(volatile u_long *p, u_long v){ __asm volatile("lock; " "orq %1,%0" : "+m" (*p) : "er" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_clear_long(volatile u_long *p, u_long v){ __asm volatile("lock; " "andq %1,%0" : "+m" (*p) : "er" (~v) : "cc"); } static __inline void atomic_clear_barr_long(volatile u_long *p, u_long v){ __asm volatile("lock; " "andq %1,%0" : "+m" (*p) : "er" (~v) : "memory", "cc"); } struct __hack;
static __inline void atomic_add_long(volatile u_long *p, u_long v){ __asm volatile("lock; " "addq %1,%0" : "+m" (*p) : "er" (v) : "cc"); } static __inline void atomic_add_barr_long(volatile u_long *p, u_long v){ __asm volatile("lock; " "addq %1,%0" : "+m" (*p) : "er" (v) : "memory", "cc"); } struct __hack;
static __inline void atomic_subtract_long(volatile u_long *p, u_long v){ __asm volatile("lock; " "subq %1,%0" : "+m" (*p) : "er" (v) : "cc"); } static __inline void atomic_subtract_barr_long(volatile u_long *p, u_long v){ __asm volatile("lock; " "subq %1,%0" : "+m" (*p) : "er" (v) : "memory", "cc"); } struct __hack;
static __inline u_char atomic_load_acq_char(volatile u_char *p) { u_char res; res = *p; __asm volatile(" " : : : "memory"); return (res); } struct __hack; static __inline void atomic_store_rel_char(volatile u_char *p, u_char v) { __asm volatile(" " : : : "memory"); *p = v; } struct __hack;
static __inline u_short atomic_load_acq_short(volatile u_short *p) { u_short res; res = *p; __asm volatile(" " : : : "memory"); return (res); } struct __hack; static __inline void atomic_store_rel_short(volatile u_short *p, u_short v) { __asm volatile(" " : : : "memory"); *p = v; } struct __hack;
static __inline u_int atomic_load_acq_int(volatile u_int *p) { u_int res; res = *p; __asm volatile(" " : : : "memory"); return (res); } struct __hack; static __inline void atomic_store_rel_int(volatile u_int *p, u_int v) { __asm volatile(" " : : : "memory"); *p = v; } struct __hack;
static __inline u_long atomic_load_acq_long(volatile u_long *p) { u_long res; res = *p; __asm volatile(" " : : : "memory"); return (res); } struct __hack; static __inline void atomic_store_rel_long(volatile u_long *p, u_long v) { __asm volatile(" " : : : "memory"); *p = v; } struct __hack;
static __inline u_int
atomic_swap_int(volatile u_int *p, u_int v)
{
 __asm volatile(
 "	xchgl	%1,%0 ;		"
 "# atomic_swap_int"
 : "+r" (v),
   "+m" (*p));
 return (v);
}
static __inline u_long
atomic_swap_long(volatile u_long *p, u_long v)
{
 __asm volatile(
 "	xchgq	%1,%0 ;		"
 "# atomic_swap_long"
 : "+r" (v),
   "+m" (*p));
 return (v);
}
struct region_descriptor;
static __inline void
breakpoint(void)
{
 __asm volatile("int $3");
}
static __inline void
clflush(u_long addr)
{
 __asm volatile("clflush %0" : : "m" (*(char *)addr));
}
static __inline void
clflushopt(u_long addr)
{
 __asm volatile(".byte 0x66;clflush %0" : : "m" (*(char *)addr));
}
static __inline void
clwb(u_long addr)
{
 __asm volatile("clwb %0" : : "m" (*(char *)addr));
}
static __inline void
clts(void)
{
 __asm volatile("clts");
}
static __inline void
disable_intr(void)
{
 __asm volatile("cli" : : : "memory");
}
static __inline void
do_cpuid(u_int ax, u_int *p)
{
 __asm volatile("cpuid"
     : "=a" (p[0]), "=b" (p[1]), "=c" (p[2]), "=d" (p[3])
     : "0" (ax));
}
static __inline void
cpuid_count(u_int ax, u_int cx, u_int *p)
{
 __asm volatile("cpuid"
     : "=a" (p[0]), "=b" (p[1]), "=c" (p[2]), "=d" (p[3])
     : "0" (ax), "c" (cx));
}
static __inline void
enable_intr(void)
{
 __asm volatile("sti");
}
static __inline void
halt(void)
{
 __asm volatile("hlt");
}
static __inline u_char
inb(u_int port)
{
 u_char data;
 __asm volatile("inb %w1, %0" : "=a" (data) : "Nd" (port));
 return (data);
}
static __inline u_int
inl(u_int port)
{
 u_int data;
 __asm volatile("inl %w1, %0" : "=a" (data) : "Nd" (port));
 return (data);
}
static __inline void
insb(u_int port, void *addr, size_t count)
{
 __asm volatile("rep; insb"
    : "+D" (addr), "+c" (count)
    : "d" (port)
    : "memory");
}
static __inline void
insw(u_int port, void *addr, size_t count)
{
 __asm volatile("rep; insw"
    : "+D" (addr), "+c" (count)
    : "d" (port)
    : "memory");
}
static __inline void
insl(u_int port, void *addr, size_t count)
{
 __asm volatile("rep; insl"
    : "+D" (addr), "+c" (count)
    : "d" (port)
    : "memory");
}
static __inline void
invd(void)
{
 __asm volatile("invd");
}
static __inline u_short
inw(u_int port)
{
 u_short data;
 __asm volatile("inw %w1, %0" : "=a" (data) : "Nd" (port));
 return (data);
}
static __inline void
outb(u_int port, u_char data)
{
 __asm volatile("outb %0, %w1" : : "a" (data), "Nd" (port));
}
static __inline void
outl(u_int port, u_int data)
{
 __asm volatile("outl %0, %w1" : : "a" (data), "Nd" (port));
}
static __inline void
outsb(u_int port, const void *addr, size_t count)
{
 __asm volatile("rep; outsb"
    : "+S" (addr), "+c" (count)
    : "d" (port));
}
static __inline void
outsw(u_int port, const void *addr, size_t count)
{
 __asm volatile("rep; outsw"
    : "+S" (addr), "+c" (count)
    : "d" (port));
}
static __inline void
outsl(u_int port, const void *addr, size_t count)
{
 __asm volatile("rep; outsl"
    : "+S" (addr), "+c" (count)
    : "d" (port));
}
static __inline void
outw(u_int port, u_short data)
{
 __asm volatile("outw %0, %w1" : : "a" (data), "Nd" (port));
}
static __inline u_long
popcntq(u_long mask)
{
 u_long result;
 __asm volatile("popcntq %1,%0" : "=r" (result) : "rm" (mask));
 return (result);
}
static __inline void
lfence(void)
{
 __asm volatile("lfence" : : : "memory");
}
static __inline void
mfence(void)
{
 __asm volatile("mfence" : : : "memory");
}
static __inline void
sfence(void)
{
 __asm volatile("sfence" : : : "memory");
}
static __inline void
ia32_pause(void)
{
 __asm volatile("pause");
}
static __inline u_long
read_rflags(void)
{
 u_long rf;
 __asm volatile("pushfq; popq %0" : "=r" (rf));
 return (rf);
}
static __inline uint64_t
rdmsr(u_int msr)
{
 uint32_t low, high;
 __asm volatile("rdmsr" : "=a" (low), "=d" (high) : "c" (msr));
 return (low | ((uint64_t)high << 32));
}
static __inline uint32_t
rdmsr32(u_int msr)
{
 uint32_t low;
 __asm volatile("rdmsr" : "=a" (low) : "c" (msr) : "rdx");
 return (low);
}
static __inline uint64_t
rdpmc(u_int pmc)
{
 uint32_t low, high;
 __asm volatile("rdpmc" : "=a" (low), "=d" (high) : "c" (pmc));
 return (low | ((uint64_t)high << 32));
}
static __inline uint64_t
rdtsc(void)
{
 uint32_t low, high;
 __asm volatile("rdtsc" : "=a" (low), "=d" (high));
 return (low | ((uint64_t)high << 32));
}
static __inline uint64_t
rdtsc_ordered_lfence(void)
{
 lfence();
 return (rdtsc());
}
static __inline uint64_t
rdtsc_ordered_mfence(void)
{
 mfence();
 return (rdtsc());
}
static __inline uint64_t
rdtscp(void)
{
 uint32_t low, high;
 __asm volatile("rdtscp" : "=a" (low), "=d" (high) : : "ecx");
 return (low | ((uint64_t)high << 32));
}
static __inline uint64_t
rdtscp_aux(uint32_t *aux)
{
 uint32_t low, high;
 __asm volatile("rdtscp" : "=a" (low), "=d" (high), "=c" (*aux));
 return (low | ((uint64_t)high << 32));
}
static __inline uint32_t
rdtsc32(void)
{
 uint32_t rv;
 __asm volatile("rdtsc" : "=a" (rv) : : "edx");
 return (rv);
}
static __inline uint32_t
rdtscp32(void)
{
 uint32_t rv;
 __asm volatile("rdtscp" : "=a" (rv) : : "ecx", "edx");
 return (rv);
}
static __inline void
wbinvd(void)
{
 __asm volatile("wbinvd");
}
static __inline void
write_rflags(u_long rf)
{
 __asm volatile("pushq %0;  popfq" : : "r" (rf));
}
static __inline void
wrmsr(u_int msr, uint64_t newval)
{
 uint32_t low, high;
 low = newval;
 high = newval >> 32;
 __asm volatile("wrmsr" : : "a" (low), "d" (high), "c" (msr));
}
static __inline void
load_cr0(u_long data)
{
 __asm volatile("movq %0,%%cr0" : : "r" (data));
}
static __inline u_long
rcr0(void)
{
 u_long data;
 __asm volatile("movq %%cr0,%0" : "=r" (data));
 return (data);
}
static __inline u_long
rcr2(void)
{
 u_long data;
 __asm volatile("movq %%cr2,%0" : "=r" (data));
 return (data);
}
static __inline void
load_cr3(u_long data)
{
 __asm volatile("movq %0,%%cr3" : : "r" (data) : "memory");
}
static __inline u_long
rcr3(void)
{
 u_long data;
 __asm volatile("movq %%cr3,%0" : "=r" (data));
 return (data);
}
static __inline void
load_cr4(u_long data)
{
 __asm volatile("movq %0,%%cr4" : : "r" (data));
}
static __inline u_long
rcr4(void)
{
 u_long data;
 __asm volatile("movq %%cr4,%0" : "=r" (data));
 return (data);
}
static __inline u_long
rxcr(u_int reg)
{
 u_int low, high;
 __asm volatile("xgetbv" : "=a" (low), "=d" (high) : "c" (reg));
 return (low | ((uint64_t)high << 32));
}
static __inline void
load_xcr(u_int reg, u_long val)
{
 u_int low, high;
 low = val;
 high = val >> 32;
 __asm volatile("xsetbv" : : "c" (reg), "a" (low), "d" (high));
}
static __inline void
invltlb(void)
{
 load_cr3(rcr3());
}
static __inline void
invltlb_glob(void)
{
 uint64_t cr4;
 cr4 = rcr4();
 load_cr4(cr4 & ~0x00000080);
 load_cr4(cr4 | 0x00000080);
}
static __inline void
invlpg(u_long addr)
{
 __asm volatile("invlpg %0" : : "m" (*(char *)addr) : "memory");
}
struct invpcid_descr {
 uint64_t pcid:12 __attribute__((__packed__));
 uint64_t pad:52 __attribute__((__packed__));
 uint64_t addr;
} __attribute__((__packed__));
static __inline void
invpcid(struct invpcid_descr *d, int type)
{
 __asm volatile("invpcid (%0),%1"
     : : "r" (d), "r" ((u_long)type) : "memory");
}
static __inline void
invlpgb(uint64_t rax, uint32_t edx, uint32_t ecx)
{
 __asm volatile("invlpgb" : : "a" (rax), "d" (edx), "c" (ecx));
}
static __inline void
tlbsync(void)
{
 __asm volatile("tlbsync");
}
static __inline u_short
rfs(void)
{
 u_short sel;
 __asm volatile("movw %%fs,%0" : "=rm" (sel));
 return (sel);
}
static __inline u_short
rgs(void)
{
 u_short sel;
 __asm volatile("movw %%gs,%0" : "=rm" (sel));
 return (sel);
}
static __inline u_short
rss(void)
{
 u_short sel;
 __asm volatile("movw %%ss,%0" : "=rm" (sel));
 return (sel);
}
static __inline void
load_ds(u_short sel)
{
 __asm volatile("movw %0,%%ds" : : "rm" (sel));
}
static __inline void
load_es(u_short sel)
{
 __asm volatile("movw %0,%%es" : : "rm" (sel));
}
static __inline void
cpu_monitor(const void *addr, u_long extensions, u_int hints)
{
 __asm volatile("monitor"
     : : "a" (addr), "c" (extensions), "d" (hints));
}
static __inline void
cpu_mwait(u_long extensions, u_int hints)
{
 __asm volatile("mwait" : : "a" (hints), "c" (extensions));
}
static __inline uint32_t
rdpkru(void)
{
 uint32_t res;
 __asm volatile("rdpkru" : "=a" (res) : "c" (0) : "edx");
 return (res);
}
static __inline void
wrpkru(uint32_t mask)
{
 __asm volatile("wrpkru" : : "a" (mask), "c" (0), "d" (0));
}
static __inline void
load_fs(u_short sel)
{
 __asm volatile("rdmsr; movw %0,%%fs; wrmsr"
     : : "rm" (sel), "c" (0xc0000100) : "eax", "edx");
}
static __inline void
load_gs(u_short sel)
{
 __asm volatile("pushfq; cli; rdmsr; movw %0,%%gs; wrmsr; popfq"
     : : "rm" (sel), "c" (0xc0000101) : "eax", "edx");
}
static __inline uint64_t
rdfsbase(void)
{
 uint64_t x;
 __asm volatile("rdfsbase %0" : "=r" (x));
 return (x);
}
static __inline void
wrfsbase(uint64_t x)
{
 __asm volatile("wrfsbase %0" : : "r" (x));
}
static __inline uint64_t
rdgsbase(void)
{
 uint64_t x;
 __asm volatile("rdgsbase %0" : "=r" (x));
 return (x);
}
static __inline void
wrgsbase(uint64_t x)
{
 __asm volatile("wrgsbase %0" : : "r" (x));
}
static __inline void
bare_lgdt(struct region_descriptor *addr)
{
 __asm volatile("lgdt (%0)" : : "r" (addr));
}
static __inline void
sgdt(struct region_descriptor *addr)
{
 char *loc;
 loc = (char *)addr;
 __asm volatile("sgdt %0" : "=m" (*loc) : : "memory");
}
static __inline void
lidt(struct region_descriptor *addr)
{
 __asm volatile("lidt (%0)" : : "r" (addr));
}
static __inline void
sidt(struct region_descriptor *addr)
{
 char *loc;
 loc = (char *)addr;
 __asm volatile("sidt %0" : "=m" (*loc) : : "memory");
}
static __inline void
lldt(u_short sel)
{
 __asm volatile("lldt %0" : : "r" (sel));
}
static __inline u_short
sldt(void)
{
 u_short sel;
 __asm volatile("sldt %0" : "=r" (sel));
 return (sel);
}
static __inline void
ltr(u_short sel)
{
 __asm volatile("ltr %0" : : "r" (sel));
}
static __inline uint32_t
read_tr(void)
{
 u_short sel;
 __asm volatile("str %0" : "=r" (sel));
 return (sel);
}
static __inline uint64_t
rdr0(void)
{
 uint64_t data;
 __asm volatile("movq %%dr0,%0" : "=r" (data));
 return (data);
}
static __inline void
load_dr0(uint64_t dr0)
{
 __asm volatile("movq %0,%%dr0" : : "r" (dr0));
}
static __inline uint64_t
rdr1(void)
{
 uint64_t data;
 __asm volatile("movq %%dr1,%0" : "=r" (data));
 return (data);
}
static __inline void
load_dr1(uint64_t dr1)
{
 __asm volatile("movq %0,%%dr1" : : "r" (dr1));
}
static __inline uint64_t
rdr2(void)
{
 uint64_t data;
 __asm volatile("movq %%dr2,%0" : "=r" (data));
 return (data);
}
static __inline void
load_dr2(uint64_t dr2)
{
 __asm volatile("movq %0,%%dr2" : : "r" (dr2));
}
static __inline uint64_t
rdr3(void)
{
 uint64_t data;
 __asm volatile("movq %%dr3,%0" : "=r" (data));
 return (data);
}
static __inline void
load_dr3(uint64_t dr3)
{
 __asm volatile("movq %0,%%dr3" : : "r" (dr3));
}
static __inline uint64_t
rdr6(void)
{
 uint64_t data;
 __asm volatile("movq %%dr6,%0" : "=r" (data));
 return (data);
}
static __inline void
load_dr6(uint64_t dr6)
{
 __asm volatile("movq %0,%%dr6" : : "r" (dr6));
}
static __inline uint64_t
rdr7(void)
{
 uint64_t data;
 __asm volatile("movq %%dr7,%0" : "=r" (data));
 return (data);
}
static __inline void
load_dr7(uint64_t dr7)
{
 __asm volatile("movq %0,%%dr7" : : "r" (dr7));
}
static __inline register_t
intr_disable(void)
{
 register_t rflags;
 rflags = read_rflags();
 disable_intr();
 return (rflags);
}
static __inline void
intr_restore(register_t rflags)
{
 write_rflags(rflags);
}
static __inline void
stac(void)
{
 __asm volatile("stac" : : : "cc");
}
static __inline void
clac(void)
{
 __asm volatile("clac" : : : "cc");
}
enum {
 SGX_ECREATE = 0x0,
 SGX_EADD = 0x1,
 SGX_EINIT = 0x2,
 SGX_EREMOVE = 0x3,
 SGX_EDGBRD = 0x4,
 SGX_EDGBWR = 0x5,
 SGX_EEXTEND = 0x6,
 SGX_ELDU = 0x8,
 SGX_EBLOCK = 0x9,
 SGX_EPA = 0xA,
 SGX_EWB = 0xB,
 SGX_ETRACK = 0xC,
};
enum {
 SGX_PT_SECS = 0x00,
 SGX_PT_TCS = 0x01,
 SGX_PT_REG = 0x02,
 SGX_PT_VA = 0x03,
 SGX_PT_TRIM = 0x04,
};
int sgx_encls(uint32_t eax, uint64_t rbx, uint64_t rcx, uint64_t rdx);
static __inline int
sgx_ecreate(void *pginfo, void *secs)
{
 return (sgx_encls(SGX_ECREATE, (uint64_t)pginfo,
     (uint64_t)secs, 0));
}
static __inline int
sgx_eadd(void *pginfo, void *epc)
{
 return (sgx_encls(SGX_EADD, (uint64_t)pginfo,
     (uint64_t)epc, 0));
}
static __inline int
sgx_einit(void *sigstruct, void *secs, void *einittoken)
{
 return (sgx_encls(SGX_EINIT, (uint64_t)sigstruct,
     (uint64_t)secs, (uint64_t)einittoken));
}
static __inline int
sgx_eextend(void *secs, void *epc)
{
 return (sgx_encls(SGX_EEXTEND, (uint64_t)secs,
     (uint64_t)epc, 0));
}
static __inline int
sgx_epa(void *epc)
{
 return (sgx_encls(SGX_EPA, SGX_PT_VA, (uint64_t)epc, 0));
}
static __inline int
sgx_eldu(uint64_t rbx, uint64_t rcx,
    uint64_t rdx)
{
 return (sgx_encls(SGX_ELDU, rbx, rcx, rdx));
}
static __inline int
sgx_eremove(void *epc)
{
 return (sgx_encls(SGX_EREMOVE, 0, (uint64_t)epc, 0));
}
void reset_dbregs(void);
int rdmsr_safe(u_int msr, uint64_t *val);
int wrmsr_safe(u_int msr, uint64_t newval);

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wnullability-completeness"
extern int cold;
extern int suspend_blocked;
extern int rebooting;
extern const char version[];
extern const char compiler_version[];
extern const char copyright[];
extern int kstack_pages;
extern u_long pagesizes[];
extern long physmem;
extern long realmem;
extern char *rootdevnames[2];
extern int boothowto;
extern int bootverbose;
extern int maxusers;
extern int ngroups_max;
extern int vm_guest;
extern u_long maxphys;
enum VM_GUEST { VM_GUEST_NO = 0, VM_GUEST_VM, VM_GUEST_XEN, VM_GUEST_HV,
  VM_GUEST_VMWARE, VM_GUEST_KVM, VM_GUEST_BHYVE, VM_GUEST_VBOX,
  VM_GUEST_PARALLELS, VM_GUEST_NVMM, VM_LAST };
struct bitset { long __bits[(((((1)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8))))]; };
struct _cpuset { long __bits[(((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8))))]; };
typedef struct _cpuset cpuset_t;
struct lock_object {
 const char *lo_name;
 u_int lo_flags;
 u_int lo_data;
 struct witness *lo_witness;
};
struct mtx {
 struct lock_object lock_object;
 volatile uintptr_t mtx_lock;
};
struct mtx_padalign {
 struct lock_object lock_object;
 volatile uintptr_t mtx_lock;
} __attribute__((__aligned__((1 << 6))));
struct sx {
 struct lock_object lock_object;
 volatile uintptr_t sx_lock;
};

struct rmpriolist { struct rm_priotracker *lh_first; };
struct rm_queue {
 struct rm_queue *volatile rmq_next;
 struct rm_queue *volatile rmq_prev;
};
struct rmlock {
 struct lock_object lock_object;
 volatile cpuset_t rm_writecpus;
 struct { struct rm_priotracker *lh_first; } rm_activeReaders;
 union {
  struct lock_object _rm_wlock_object;
  struct mtx _rm_lock_mtx;
  struct sx _rm_lock_sx;
 } _rm_lock;
};
struct rm_priotracker {
 struct rm_queue rmp_cpuQueue;
 struct rmlock *rmp_rmlock;
 struct thread *rmp_thread;
 int rmp_flags;
 struct { struct rm_priotracker *le_next; struct rm_priotracker **le_prev; } rmp_qentry;
};
struct rmslock_pcpu;
struct rmslock {
 struct mtx mtx;
 struct thread *owner;
 struct rmslock_pcpu *pcpu;
 int writers;
 int readers;
 int debug_readers;
};
struct rusage {
 struct timeval ru_utime;
 struct timeval ru_stime;
 long ru_maxrss;
 long ru_ixrss;
 long ru_idrss;
 long ru_isrss;
 long ru_minflt;
 long ru_majflt;
 long ru_nswap;
 long ru_inblock;
 long ru_oublock;
 long ru_msgsnd;
 long ru_msgrcv;
 long ru_nsignals;
 long ru_nvcsw;
 long ru_nivcsw;
};
struct __wrusage {
 struct rusage wru_self;
 struct rusage wru_children;
};
struct rlimit {
 rlim_t rlim_cur;
 rlim_t rlim_max;
};
struct orlimit {
 __int32_t rlim_cur;
 __int32_t rlim_max;
};
struct loadavg {
 __fixpt_t ldavg[3];
 long fscale;
};
extern struct loadavg averunnable;
void read_cpu_time(long *cp_time);
struct pmap_pcid {
 uint32_t pm_pcid;
 uint32_t pm_gen;
};
struct segment_descriptor {
 unsigned sd_lolimit:16;
 unsigned sd_lobase:24;
 unsigned sd_type:5;
 unsigned sd_dpl:2;
 unsigned sd_p:1;
 unsigned sd_hilimit:4;
 unsigned sd_xx:2;
 unsigned sd_def32:1;
 unsigned sd_gran:1;
 unsigned sd_hibase:8;
} __attribute__((__packed__));
struct user_segment_descriptor {
 unsigned sd_lolimit:16;
 unsigned sd_lobase:24;
 unsigned sd_type:5;
 unsigned sd_dpl:2;
 unsigned sd_p:1;
 unsigned sd_hilimit:4;
 unsigned sd_xx:1;
 unsigned sd_long:1;
 unsigned sd_def32:1;
 unsigned sd_gran:1;
 unsigned sd_hibase:8;
} __attribute__((__packed__));
struct gate_descriptor {
 uint64_t gd_looffset:16;
 uint64_t gd_selector:16;
 uint64_t gd_ist:3;
 uint64_t gd_xx:5;
 uint64_t gd_type:5;
 uint64_t gd_dpl:2;
 uint64_t gd_p:1;
 uint64_t gd_hioffset:48;
 uint64_t sd_xx1:32;
} __attribute__((__packed__));
union descriptor {
 struct user_segment_descriptor sd;
 struct gate_descriptor gd;
};
struct system_segment_descriptor {
 u_int64_t sd_lolimit:16;
 u_int64_t sd_lobase:24;
 u_int64_t sd_type:5;
 u_int64_t sd_dpl:2;
 u_int64_t sd_p:1;
 u_int64_t sd_hilimit:4;
 u_int64_t sd_xx0:3;
 u_int64_t sd_gran:1;
 u_int64_t sd_hibase:40 __attribute__((__packed__));
 u_int64_t sd_xx1:8;
 u_int64_t sd_mbz:5;
 u_int64_t sd_xx2:19;
} __attribute__((__packed__));
struct soft_segment_descriptor {
 unsigned long ssd_base;
 unsigned long ssd_limit;
 unsigned long ssd_type:5;
 unsigned long ssd_dpl:2;
 unsigned long ssd_p:1;
 unsigned long ssd_long:1;
 unsigned long ssd_def32:1;
 unsigned long ssd_gran:1;
} __attribute__((__packed__));
struct region_descriptor {
 uint64_t rd_limit:16;
 uint64_t rd_base:64 __attribute__((__packed__));
} __attribute__((__packed__));
extern struct soft_segment_descriptor gdt_segs[];
extern struct gate_descriptor *idt;
extern struct region_descriptor r_idt;
void lgdt(struct region_descriptor *rdp);
void sdtossd(struct user_segment_descriptor *sdp,
     struct soft_segment_descriptor *ssdp);
void ssdtosd(struct soft_segment_descriptor *ssdp,
     struct user_segment_descriptor *sdp);
void ssdtosyssd(struct soft_segment_descriptor *ssdp,
     struct system_segment_descriptor *sdp);
void update_gdt_gsbase(struct thread *td, uint32_t base);
void update_gdt_fsbase(struct thread *td, uint32_t base);
struct amd64tss {
 u_int32_t tss_rsvd0;
 u_int64_t tss_rsp0 __attribute__((__packed__));
 u_int64_t tss_rsp1 __attribute__((__packed__));
 u_int64_t tss_rsp2 __attribute__((__packed__));
 u_int32_t tss_rsvd1;
 u_int32_t tss_rsvd2;
 u_int64_t tss_ist1 __attribute__((__packed__));
 u_int64_t tss_ist2 __attribute__((__packed__));
 u_int64_t tss_ist3 __attribute__((__packed__));
 u_int64_t tss_ist4 __attribute__((__packed__));
 u_int64_t tss_ist5 __attribute__((__packed__));
 u_int64_t tss_ist6 __attribute__((__packed__));
 u_int64_t tss_ist7 __attribute__((__packed__));
 u_int32_t tss_rsvd3;
 u_int32_t tss_rsvd4;
 u_int16_t tss_rsvd5;
 u_int16_t tss_iobase;
};
struct monitorbuf {
 int idle_state;
 int stop_state;
 char padding[128 - (2 * sizeof(int))];
};
_Static_assert(sizeof(struct monitorbuf) == 128, "2x cache line");
extern uintptr_t *__start_set_pcpu;
__asm__(".globl " "__start_set_pcpu");
extern uintptr_t *__stop_set_pcpu;
__asm__(".globl " "__stop_set_pcpu");
extern uintptr_t dpcpu_off[];
struct pcpu {
 struct thread *pc_curthread;
 struct thread *pc_idlethread;
 struct thread *pc_fpcurthread;
 struct thread *pc_deadthread;
 struct pcb *pc_curpcb;
 void *pc_sched;
 uint64_t pc_switchtime;
 int pc_switchticks;
 u_int pc_cpuid;
 struct { struct pcpu *stqe_next; } pc_allcpu;
 struct lock_list_entry *pc_spinlocks;
 long pc_cp_time[5];
 struct _device *pc_device;
 void *pc_netisr;
 int8_t pc_vfs_freevnodes;
 char pc_unused1[3];
 int pc_domain;
 struct rm_queue pc_rm_queue;
 uintptr_t pc_dynamic;
 uint64_t pc_early_dummy_counter;
 uintptr_t pc_zpcpu_offset;
 struct monitorbuf pc_monitorbuf __attribute__((__aligned__(128))); struct pcpu *pc_prvspace; struct pmap *pc_curpmap; struct amd64tss *pc_tssp; void *pc_pad0; uint64_t pc_kcr3; uint64_t pc_ucr3; uint64_t pc_saved_ucr3; register_t pc_rsp0; register_t pc_scratch_rsp; register_t pc_scratch_rax; u_int pc_apic_id; u_int pc_acpi_id; struct user_segment_descriptor *pc_fs32p; struct user_segment_descriptor *pc_gs32p; struct system_segment_descriptor *pc_ldt; struct system_segment_descriptor *pc_tss; u_int pc_cmci_mask; uint64_t pc_dbreg[16]; uint64_t pc_pti_stack[16]; register_t pc_pti_rsp0; int pc_dbreg_cmd; u_int pc_vcpu_id; uint32_t pc_pcid_next; uint32_t pc_pcid_gen; uint32_t pc_unused; uint32_t pc_ibpb_set; void *pc_mds_buf; void *pc_mds_buf64; uint32_t pc_pad[4]; uint8_t pc_mds_tmp[64]; u_int pc_ipi_bitmap; struct amd64tss pc_common_tss; struct user_segment_descriptor pc_gdt[13]; void *pc_smp_tlb_pmap; uint64_t pc_smp_tlb_addr1; uint64_t pc_smp_tlb_addr2; uint32_t pc_smp_tlb_gen; u_int pc_smp_tlb_op; uint64_t pc_ucr3_load_mask; u_int pc_small_core; u_int pc_pcid_invlpg_workaround; struct pmap_pcid pc_kpmap_store; char __pad[2900];
} __attribute__((__aligned__((1 << 6))));
struct cpuhead { struct pcpu *stqh_first; struct pcpu **stqh_last; };
extern struct cpuhead cpuhead;
extern struct pcpu *cpuid_to_pcpu[];
_Static_assert(sizeof(struct pcpu) == (1<<12), "fix pcpu size");
extern struct pcpu *__pcpu;
extern struct pcpu temp_bsp_pcpu;
static __inline __attribute__((__const__)) struct thread *
__curthread(void)
{
 struct thread *td;
 __asm("movq %%gs:%P1,%0" : "=r" (td) : "n" (__builtin_offsetof(struct pcpu, pc_curthread)));
 return (td);
}
void cpu_pcpu_init(struct pcpu *pcpu, int cpuid, size_t size);
void db_show_mdpcpu(struct pcpu *pcpu);
void *dpcpu_alloc(int size);
void dpcpu_copy(void *s, int size);
void dpcpu_free(void *s, int size);
void dpcpu_init(void *dpcpu, int cpuid);
void pcpu_destroy(struct pcpu *pcpu);
struct pcpu *pcpu_find(u_int cpuid);
void pcpu_init(struct pcpu *pcpu, int cpuid, size_t size);
extern const int osreldate;
extern const void *zero_region;
extern int unmapped_buf_allowed;
struct inpcb;
struct lock_object;
struct malloc_type;
struct mtx;
struct proc;
struct socket;
struct thread;
struct tty;
struct ucred;
struct uio;
struct _jmp_buf;
struct trapframe;
struct eventtimer;
int setjmp(struct _jmp_buf *) __attribute__((__returns_twice__));
void longjmp(struct _jmp_buf *, int) __attribute__((__noreturn__));
int dumpstatus(vm_offset_t addr, off_t count);
int nullop(void);
int eopnotsupp(void);
int ureadc(int, struct uio *);
void hashdestroy(void *, struct malloc_type *, u_long);
void *hashinit(int count, struct malloc_type *type, u_long *hashmask);
void *hashinit_flags(int count, struct malloc_type *type,
    u_long *hashmask, int flags);
void *phashinit(int count, struct malloc_type *type, u_long *nentries);
void *phashinit_flags(int count, struct malloc_type *type, u_long *nentries,
    int flags);
void cpu_flush_dcache(void *, size_t);
void cpu_rootconf(void);
void critical_enter_KBI(void);
void critical_exit_KBI(void);
void critical_exit_preempt(void);
void init_param1(void);
void init_param2(long physpages);
void init_static_kenv(char *, size_t);
void tablefull(const char *);
extern int (*lkpi_alloc_current)(struct thread *, int);
int linux_alloc_current_noop(struct thread *, int);
int kvprintf(char const *, void (*)(int, void*), void *, int,
     __va_list) __attribute__((__format__ (__freebsd_kprintf__, 1, 0)));
void log(int, const char *, ...) __attribute__((__format__ (__freebsd_kprintf__, 2, 3)));
void log_console(struct uio *);
void vlog(int, const char *, __va_list) __attribute__((__format__ (__freebsd_kprintf__, 2, 0)));
int asprintf(char **ret, struct malloc_type *mtp, const char *format,
     ...) __attribute__((__format__ (__freebsd_kprintf__, 3, 4)));
int printf(const char *, ...) __attribute__((__format__ (__freebsd_kprintf__, 1, 2)));
int snprintf(char *, size_t, const char *, ...) __attribute__((__format__ (__freebsd_kprintf__, 3, 4)));
int sprintf(char *buf, const char *, ...) __attribute__((__format__ (__freebsd_kprintf__, 2, 3)));
int uprintf(const char *, ...) __attribute__((__format__ (__freebsd_kprintf__, 1, 2)));
int vprintf(const char *, __va_list) __attribute__((__format__ (__freebsd_kprintf__, 1, 0)));
int vasprintf(char **ret, struct malloc_type *mtp, const char *format,
     __va_list ap) __attribute__((__format__ (__freebsd_kprintf__, 3, 0)));
int vsnprintf(char *, size_t, const char *, __va_list) __attribute__((__format__ (__freebsd_kprintf__, 3, 0)));
int vsnrprintf(char *, size_t, int, const char *, __va_list) __attribute__((__format__ (__freebsd_kprintf__, 4, 0)));
int vsprintf(char *buf, const char *, __va_list) __attribute__((__format__ (__freebsd_kprintf__, 2, 0)));
int sscanf(const char *, char const * _Nonnull, ...) __attribute__((__format__ (__scanf__, 2, 3)));
int vsscanf(const char * _Nonnull, char const * _Nonnull, __va_list) __attribute__((__format__ (__scanf__, 2, 0)));
long strtol(const char *, char **, int);
u_long strtoul(const char *, char **, int);
quad_t strtoq(const char *, char **, int);
u_quad_t strtouq(const char *, char **, int);
void tprintf(struct proc *p, int pri, const char *, ...) __attribute__((__format__ (__freebsd_kprintf__, 3, 4)));
void vtprintf(struct proc *, int, const char *, __va_list) __attribute__((__format__ (__freebsd_kprintf__, 3, 0)));
void hexdump(const void *ptr, int length, const char *hdr, int flags);
void explicit_bzero(void * _Nonnull, size_t);
void *memset(void * _Nonnull buf, int c, size_t len);
void *memcpy(void * _Nonnull to, const void * _Nonnull from, size_t len);
void *memmove(void * _Nonnull dest, const void * _Nonnull src, size_t n);
int memcmp(const void *b1, const void *b2, size_t len);
void *memset_early(void * _Nonnull buf, int c, size_t len);
void *memcpy_early(void * _Nonnull to, const void * _Nonnull from, size_t len);
void *memmove_early(void * _Nonnull dest, const void * _Nonnull src, size_t n);
int copyinstr(const void * restrict udaddr,
     void * _Nonnull restrict kaddr, size_t len,
     size_t * restrict lencopied);
int copyin(const void * restrict udaddr,
     void * _Nonnull restrict kaddr, size_t len);
int copyin_nofault(const void * restrict udaddr,
     void * _Nonnull restrict kaddr, size_t len);
int copyout(const void * _Nonnull restrict kaddr,
     void * restrict udaddr, size_t len);
int copyout_nofault(const void * _Nonnull restrict kaddr,
     void * restrict udaddr, size_t len);
int fubyte(volatile const void *base);
long fuword(volatile const void *base);
int fuword16(volatile const void *base);
int32_t fuword32(volatile const void *base);
int64_t fuword64(volatile const void *base);
int fueword(volatile const void *base, long *val);
int fueword32(volatile const void *base, int32_t *val);
int fueword64(volatile const void *base, int64_t *val);
int subyte(volatile void *base, int byte);
int suword(volatile void *base, long word);
int suword16(volatile void *base, int word);
int suword32(volatile void *base, int32_t word);
int suword64(volatile void *base, int64_t word);
uint32_t casuword32(volatile uint32_t *base, uint32_t oldval, uint32_t newval);
u_long casuword(volatile u_long *p, u_long oldval, u_long newval);
int casueword32(volatile uint32_t *base, uint32_t oldval, uint32_t *oldvalp,
     uint32_t newval);
int casueword(volatile u_long *p, u_long oldval, u_long *oldvalp,
     u_long newval);
int sysbeep(int hertz, sbintime_t duration);
void hardclock(int cnt, int usermode);
void hardclock_sync(int cpu);
void statclock(int cnt, int usermode);
void profclock(int cnt, int usermode, uintfptr_t pc);
int hardclockintr(void);
void startprofclock(struct proc *);
void stopprofclock(struct proc *);
void cpu_startprofclock(void);
void cpu_stopprofclock(void);
void suspendclock(void);
void resumeclock(void);
sbintime_t cpu_idleclock(void);
void cpu_activeclock(void);
void cpu_new_callout(int cpu, sbintime_t bt, sbintime_t bt_opt);
void cpu_et_frequency(struct eventtimer *et, uint64_t newfreq);
extern int cpu_disable_c2_sleep;
extern int cpu_disable_c3_sleep;
extern void (*tcp_hpts_softclock)(void);
extern volatile uint32_t __attribute__((__section__(".data.read_frequently"))) hpts_that_need_softclock;
char *kern_getenv(const char *name);
void freeenv(char *env);
int getenv_int(const char *name, int *data);
int getenv_uint(const char *name, unsigned int *data);
int getenv_long(const char *name, long *data);
int getenv_ulong(const char *name, unsigned long *data);
int getenv_string(const char *name, char *data, int size);
int getenv_int64(const char *name, int64_t *data);
int getenv_uint64(const char *name, uint64_t *data);
int getenv_quad(const char *name, quad_t *data);
int getenv_bool(const char *name, bool *data);
bool getenv_is_true(const char *name);
bool getenv_is_false(const char *name);
int kern_setenv(const char *name, const char *value);
int kern_unsetenv(const char *name);
int testenv(const char *name);
int getenv_array(const char *name, void *data, int size, int *psize,
    int type_size, bool allow_signed);
typedef uint64_t (cpu_tick_f)(void);
void set_cputicker(cpu_tick_f *func, uint64_t freq, bool isvariable);
extern cpu_tick_f *cpu_ticks;
uint64_t cpu_tickrate(void);
uint64_t cputick2usec(uint64_t tick);
extern u_char const bcd2bin_data[];
extern u_char const bin2bcd_data[];
extern char const hex2ascii_data[];
static inline u_char
bcd2bin(int bcd)
{
 do { } while (0);
 return (bcd2bin_data[bcd]);
}
static inline u_char
bin2bcd(int bin)
{
 do { } while (0);
 return (bin2bcd_data[bin]);
}
static inline char
hex2ascii(int hex)
{
 do { } while (0);
 return (hex2ascii_data[hex]);
}
static inline bool
validbcd(int bcd)
{
 return (bcd == 0 || (bcd > 0 && bcd <= 0x99 && bcd2bin_data[bcd] != 0));
}
static __inline int imax(int a, int b) { return (a > b ? a : b); }
static __inline int imin(int a, int b) { return (a < b ? a : b); }
static __inline long lmax(long a, long b) { return (a > b ? a : b); }
static __inline long lmin(long a, long b) { return (a < b ? a : b); }
static __inline u_int max(u_int a, u_int b) { return (a > b ? a : b); }
static __inline u_int min(u_int a, u_int b) { return (a < b ? a : b); }
static __inline quad_t qmax(quad_t a, quad_t b) { return (a > b ? a : b); }
static __inline quad_t qmin(quad_t a, quad_t b) { return (a < b ? a : b); }
static __inline u_quad_t uqmax(u_quad_t a, u_quad_t b) { return (a > b ? a : b); }
static __inline u_quad_t uqmin(u_quad_t a, u_quad_t b) { return (a < b ? a : b); }
static __inline u_long ulmax(u_long a, u_long b) { return (a > b ? a : b); }
static __inline u_long ulmin(u_long a, u_long b) { return (a < b ? a : b); }
static __inline __uintmax_t ummax(__uintmax_t a, __uintmax_t b)
{
 return (a > b ? a : b);
}
static __inline __uintmax_t ummin(__uintmax_t a, __uintmax_t b)
{
 return (a < b ? a : b);
}
static __inline off_t omax(off_t a, off_t b) { return (a > b ? a : b); }
static __inline off_t omin(off_t a, off_t b) { return (a < b ? a : b); }
static __inline int abs(int a) { return (a < 0 ? -a : a); }
static __inline long labs(long a) { return (a < 0 ? -a : a); }
static __inline int64_t abs64(int64_t a) { return (a < 0 ? -a : a); }
static __inline quad_t qabs(quad_t a) { return (a < 0 ? -a : a); }
extern int arc4rand_iniseed_state;
struct malloc_type;
uint32_t arc4random(void);
void arc4random_buf(void *, size_t);
uint32_t arc4random_uniform(uint32_t);
void arc4rand(void *, u_int, int);
int timingsafe_bcmp(const void *, const void *, size_t);
void *bsearch(const void *, const void *, size_t,
     size_t, int (*)(const void *, const void *));
static __inline __attribute__((__const__)) int
ffs(int mask)
{
 return (__builtin_ffs((u_int)mask));
}
static __inline __attribute__((__const__)) int
ffsl(long mask)
{
 return (__builtin_ffsl((u_long)mask));
}
static __inline __attribute__((__const__)) int
ffsll(long long mask)
{
 return (__builtin_ffsll((unsigned long long)mask));
}
static __inline __attribute__((__const__)) int
fls(int mask)
{
 return (mask == 0 ? 0 :
     8 * sizeof(mask) - __builtin_clz((u_int)mask));
}
static __inline __attribute__((__const__)) int
flsl(long mask)
{
 return (mask == 0 ? 0 :
     8 * sizeof(mask) - __builtin_clzl((u_long)mask));
}
static __inline __attribute__((__const__)) int
flsll(long long mask)
{
 return (mask == 0 ? 0 :
     8 * sizeof(mask) - __builtin_clzll((unsigned long long)mask));
}
int fnmatch(const char *, const char *, int);
int locc(int, char *, u_int);
void *memchr(const void *s, int c, size_t n);
void *memcchr(const void *s, int c, size_t n);
void *memmem(const void *l, size_t l_len, const void *s, size_t s_len);
void qsort(void *base, size_t nmemb, size_t size,
     int (*compar)(const void *, const void *));
void qsort_r(void *base, size_t nmemb, size_t size,
     int (*compar)(const void *, const void *, void *), void *thunk);
u_long random(void);
int scanc(u_int, const u_char *, const u_char *, int);
int strcasecmp(const char *, const char *);
char *strcasestr(const char *, const char *);
char *strcat(char * restrict, const char * restrict);
char *strchr(const char *, int);
char *strchrnul(const char *, int);
int strcmp(const char *, const char *);
char *strcpy(char * restrict, const char * restrict);
char *strdup_flags(const char *restrict, struct malloc_type *, int);
size_t strcspn(const char *, const char *) __attribute__((__pure__));
char *strdup(const char *restrict, struct malloc_type *);
char *strncat(char *, const char *, size_t);
char *strndup(const char *restrict, size_t, struct malloc_type *);
size_t strlcat(char *, const char *, size_t);
size_t strlcpy(char *, const char *, size_t);
size_t strlen(const char *);
int strncasecmp(const char *, const char *, size_t);
int strncmp(const char *, const char *, size_t);
char *strncpy(char * restrict, const char * restrict, size_t);
size_t strnlen(const char *, size_t);
char *strnstr(const char *, const char *, size_t);
char *strrchr(const char *, int);
char *strsep(char **, const char *delim);
size_t strspn(const char *, const char *);
char *strstr(const char *, const char *);
int strvalid(const char *, size_t);
static __inline char *
index(const char *p, int ch)
{
 return (strchr(p, ch));
}
static __inline char *
rindex(const char *p, int ch)
{
 return (strrchr(p, ch));
}
static __inline int64_t
signed_extend64(uint64_t bitmap, int lsb, int width)
{
 return ((int64_t)(bitmap << (63 - lsb - (width - 1)))) >>
     (63 - (width - 1));
}
static __inline int32_t
signed_extend32(uint32_t bitmap, int lsb, int width)
{
 return ((int32_t)(bitmap << (31 - lsb - (width - 1)))) >>
     (31 - (width - 1));
}
void consinit(void);
void cpu_initclocks(void);
void cpu_initclocks_bsp(void);
void cpu_initclocks_ap(void);
void usrinfoinit(void);
void kern_reboot(int) __attribute__((__noreturn__));
void shutdown_nice(int);
static __inline intrmask_t splhigh(void) { return 0; }
static __inline intrmask_t splimp(void) { return 0; }
static __inline intrmask_t splnet(void) { return 0; }
static __inline intrmask_t spltty(void) { return 0; }
static __inline void splx(intrmask_t ipl __attribute__((__unused__))) { return; }
int _sleep(const void * _Nonnull chan, struct lock_object *lock, int pri,
    const char *wmesg, sbintime_t sbt, sbintime_t pr, int flags);
int msleep_spin_sbt(const void * _Nonnull chan, struct mtx *mtx,
     const char *wmesg, sbintime_t sbt, sbintime_t pr, int flags);
int pause_sbt(const char *wmesg, sbintime_t sbt, sbintime_t pr,
     int flags);
static __inline int
pause(const char *wmesg, int timo)
{
 return (pause_sbt(wmesg, tick_sbt * timo, 0, 0x0100));
}
void wakeup(const void *chan);
void wakeup_one(const void *chan);
void wakeup_any(const void *chan);
struct cdev;
dev_t dev2udev(struct cdev *x);
const char *devtoname(struct cdev *cdev);
size_t devfs_iosize_max(void);
size_t iosize_max(void);
int poll_no_poll(int events);
void DELAY(int usec);
int kcmp_cmp(uintptr_t a, uintptr_t b);
struct root_hold_token {
 int flags;
 const char *who;
 struct { struct root_hold_token *tqe_next; struct root_hold_token **tqe_prev; } list;
};
struct root_hold_token *root_mount_hold(const char *identifier);
void root_mount_hold_token(const char *identifier, struct root_hold_token *h);
void root_mount_rel(struct root_hold_token *h);
int root_mounted(void);
struct unrhdr;
struct unrhdr *new_unrhdr(int low, int high, struct mtx *mutex);
void init_unrhdr(struct unrhdr *uh, int low, int high, struct mtx *mutex);
void delete_unrhdr(struct unrhdr *uh);
void clear_unrhdr(struct unrhdr *uh);
void clean_unrhdr(struct unrhdr *uh);
void clean_unrhdrl(struct unrhdr *uh);
int alloc_unr(struct unrhdr *uh);
int alloc_unr_specific(struct unrhdr *uh, u_int item);
int alloc_unrl(struct unrhdr *uh);
void free_unr(struct unrhdr *uh, u_int item);
void *create_iter_unr(struct unrhdr *uh);
int next_iter_unr(void *handle);
void free_iter_unr(void *handle);
struct unrhdr64 {
        uint64_t counter;
};
static __inline void
new_unrhdr64(struct unrhdr64 *unr64, uint64_t low)
{
 unr64->counter = low;
}
static __inline uint64_t
alloc_unr64(struct unrhdr64 *unr64)
{
 return (atomic_fetchadd_long(&unr64->counter, 1));
}
void intr_prof_stack_use(struct thread *td, struct trapframe *frame);
void counted_warning(unsigned *counter, const char *msg);
void _gone_in(int major, const char *msg);
void _gone_in_dev(device_t dev, int major, const char *msg);
#pragma clang diagnostic pop
struct epoch_context {
 void *data[2];
} __attribute__((__aligned__(sizeof(void *))));
typedef struct epoch_context *epoch_context_t;
typedef void epoch_callback_t(epoch_context_t);

struct lock_list_entry;
struct thread;
struct lock_class {
 const char *lc_name;
 u_int lc_flags;
 void (*lc_assert)(const struct lock_object *lock, int what);
 void (*lc_ddb_show)(const struct lock_object *lock);
 void (*lc_lock)(struct lock_object *lock, uintptr_t how);
 int (*lc_owner)(const struct lock_object *lock,
       struct thread **owner);
 uintptr_t (*lc_unlock)(struct lock_object *lock);
};
extern struct lock_class lock_class_mtx_sleep;
extern struct lock_class lock_class_mtx_spin;
extern struct lock_class lock_class_sx;
extern struct lock_class lock_class_rw;
extern struct lock_class lock_class_rm;
extern struct lock_class lock_class_rm_sleepable;
extern struct lock_class lock_class_lockmgr;
extern struct lock_class *lock_classes[];
struct lock_delay_config {
 u_short base;
 u_short max;
};
extern struct lock_delay_config locks_delay;
extern u_short locks_delay_retries;
extern u_short locks_delay_loops;
struct lock_delay_arg {
 struct lock_delay_config *config;
 u_int delay;
 u_int spin_cnt;
};
static inline void
lock_delay_arg_init(struct lock_delay_arg *la, struct lock_delay_config *lc)
{
 la->config = lc;
 la->delay = lc->base;
 la->spin_cnt = 0;
}
static inline void
lock_delay_arg_init_noadapt(struct lock_delay_arg *la)
{
 la->delay = 0;
 la->spin_cnt = 0;
}
void lock_init(struct lock_object *, struct lock_class *,
     const char *, const char *, int);
void lock_destroy(struct lock_object *);
void lock_delay(struct lock_delay_arg *);
void lock_delay_default_init(struct lock_delay_config *);
void spinlock_enter(void);
void spinlock_exit(void);
void witness_init(struct lock_object *, const char *);
void witness_destroy(struct lock_object *);
int witness_defineorder(struct lock_object *, struct lock_object *);
void witness_checkorder(struct lock_object *, int, const char *, int,
     struct lock_object *);
void witness_lock(struct lock_object *, int, const char *, int);
void witness_upgrade(struct lock_object *, int, const char *, int);
void witness_downgrade(struct lock_object *, int, const char *, int);
void witness_unlock(struct lock_object *, int, const char *, int);
void witness_save(struct lock_object *, const char **, int *);
void witness_restore(struct lock_object *, const char *, int);
int witness_list_locks(struct lock_list_entry **,
     int (*)(const char *, ...));
int witness_warn(int, struct lock_object *, const char *, ...);
void witness_assert(const struct lock_object *, int, const char *, int);
int witness_is_owned(const struct lock_object *lock);
void witness_display_spinlock(struct lock_object *, struct thread *,
     int (*)(const char *, ...));
int witness_line(struct lock_object *);
void witness_norelease(struct lock_object *);
void witness_releaseok(struct lock_object *);
const char *witness_file(struct lock_object *);
void witness_thread_exit(struct thread *);

__attribute__((unused)) inline static int ck_cc_ffs(unsigned int v) { unsigned int i; if (v == 0) return 0; for (i = 1; (v & 1) == 0; i++, v >>= 1); return i; }
__attribute__((unused)) inline static int ck_cc_ffsl(unsigned long v) { unsigned int i; if (v == 0) return 0; for (i = 1; (v & 1) == 0; i++, v >>= 1); return i; }
__attribute__((unused)) inline static int ck_cc_ffsll(unsigned long long v) { unsigned int i; if (v == 0) return 0; for (i = 1; (v & 1) == 0; i++, v >>= 1); return i; }
__attribute__((unused)) inline static int
ck_cc_ctz(unsigned int x)
{
 unsigned int i;
 if (x == 0)
  return 0;
 for (i = 0; (x & 1) == 0; i++, x >>= 1);
 return i;
}
__attribute__((unused)) inline static int
ck_cc_popcount(unsigned int x)
{
 unsigned int acc;
 for (acc = 0; x != 0; x >>= 1)
  acc += x & 1;
 return acc;
}


__attribute__((unused)) inline static void
ck_pr_stall(void)
{
 __asm__ __volatile__("pause" ::: "memory");
 return;
}
__attribute__((unused)) inline static void ck_pr_fence_strict_atomic(void) { __asm__ __volatile__("" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_atomic_store(void) { __asm__ __volatile__("" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_atomic_load(void) { __asm__ __volatile__("" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_store_atomic(void) { __asm__ __volatile__("" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_load_atomic(void) { __asm__ __volatile__("" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_load(void) { __asm__ __volatile__("lfence" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_load_store(void) { __asm__ __volatile__("mfence" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_store(void) { __asm__ __volatile__("sfence" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_store_load(void) { __asm__ __volatile__("mfence" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_memory(void) { __asm__ __volatile__("mfence" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_release(void) { __asm__ __volatile__("mfence" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_acquire(void) { __asm__ __volatile__("mfence" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_acqrel(void) { __asm__ __volatile__("mfence" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_lock(void) { __asm__ __volatile__("mfence" ::: "memory"); }
__attribute__((unused)) inline static void ck_pr_fence_strict_unlock(void) { __asm__ __volatile__("mfence" ::: "memory"); }
__attribute__((unused)) inline static void
ck_pr_rfo(const void *m)
{
 __asm__ __volatile__("prefetchw (%0)"
     :
     : "r" (m)
     : "memory");
 return;
}
__attribute__((unused)) inline static void * ck_pr_fas_ptr(void *target, void * v) { __asm__ __volatile__("xchgq" " %0, %1" : "+m" (*(uint64_t *)target), "+q" (v) : : "memory"); return v; }
__attribute__((unused)) inline static char ck_pr_fas_char(char *target, char v) { __asm__ __volatile__("xchgb" " %0, %1" : "+m" (*(char *)target), "+q" (v) : : "memory"); return v; }
__attribute__((unused)) inline static unsigned int ck_pr_fas_uint(unsigned int *target, unsigned int v) { __asm__ __volatile__("xchgl" " %0, %1" : "+m" (*(unsigned int *)target), "+q" (v) : : "memory"); return v; }
__attribute__((unused)) inline static int ck_pr_fas_int(int *target, int v) { __asm__ __volatile__("xchgl" " %0, %1" : "+m" (*(int *)target), "+q" (v) : : "memory"); return v; }
__attribute__((unused)) inline static uint64_t ck_pr_fas_64(uint64_t *target, uint64_t v) { __asm__ __volatile__("xchgq" " %0, %1" : "+m" (*(uint64_t *)target), "+q" (v) : : "memory"); return v; }
__attribute__((unused)) inline static uint32_t ck_pr_fas_32(uint32_t *target, uint32_t v) { __asm__ __volatile__("xchgl" " %0, %1" : "+m" (*(uint32_t *)target), "+q" (v) : : "memory"); return v; }
__attribute__((unused)) inline static uint16_t ck_pr_fas_16(uint16_t *target, uint16_t v) { __asm__ __volatile__("xchgw" " %0, %1" : "+m" (*(uint16_t *)target), "+q" (v) : : "memory"); return v; }
__attribute__((unused)) inline static uint8_t ck_pr_fas_8(uint8_t *target, uint8_t v) { __asm__ __volatile__("xchgb" " %0, %1" : "+m" (*(uint8_t *)target), "+q" (v) : : "memory"); return v; }
__attribute__((unused)) inline static void * ck_pr_md_load_ptr(const void *target) { void * r; __asm__ __volatile__("movq" " %1, %0" : "=q" (r) : "m" (*(const uint64_t *)target) : "memory"); return (r); }
__attribute__((unused)) inline static char ck_pr_md_load_char(const char *target) { char r; __asm__ __volatile__("movb" " %1, %0" : "=q" (r) : "m" (*(const char *)target) : "memory"); return (r); }
__attribute__((unused)) inline static unsigned int ck_pr_md_load_uint(const unsigned int *target) { unsigned int r; __asm__ __volatile__("movl" " %1, %0" : "=q" (r) : "m" (*(const unsigned int *)target) : "memory"); return (r); }
__attribute__((unused)) inline static int ck_pr_md_load_int(const int *target) { int r; __asm__ __volatile__("movl" " %1, %0" : "=q" (r) : "m" (*(const int *)target) : "memory"); return (r); }
__attribute__((unused)) inline static uint64_t ck_pr_md_load_64(const uint64_t *target) { uint64_t r; __asm__ __volatile__("movq" " %1, %0" : "=q" (r) : "m" (*(const uint64_t *)target) : "memory"); return (r); }
__attribute__((unused)) inline static uint32_t ck_pr_md_load_32(const uint32_t *target) { uint32_t r; __asm__ __volatile__("movl" " %1, %0" : "=q" (r) : "m" (*(const uint32_t *)target) : "memory"); return (r); }
__attribute__((unused)) inline static uint16_t ck_pr_md_load_16(const uint16_t *target) { uint16_t r; __asm__ __volatile__("movw" " %1, %0" : "=q" (r) : "m" (*(const uint16_t *)target) : "memory"); return (r); }
__attribute__((unused)) inline static uint8_t ck_pr_md_load_8(const uint8_t *target) { uint8_t r; __asm__ __volatile__("movb" " %1, %0" : "=q" (r) : "m" (*(const uint8_t *)target) : "memory"); return (r); }
__attribute__((unused)) inline static void
ck_pr_load_64_2(const uint64_t target[2], uint64_t v[2])
{
 __asm__ __volatile__("movq %%rdx, %%rcx;"
        "movq %%rax, %%rbx;"
        "lock " "cmpxchg16b %2;"
    : "=a" (v[0]),
      "=d" (v[1])
    : "m" (*(const uint64_t *)target)
    : "rbx", "rcx", "memory", "cc");
 return;
}
__attribute__((unused)) inline static void
ck_pr_load_ptr_2(const void *t, void *v)
{
 ck_pr_load_64_2(t,
   v);
 return;
}
__attribute__((unused)) inline static void ck_pr_md_load_char_16(const char t[2], char v[2]) { ck_pr_load_64_2((const uint64_t *)(const void *)t, (uint64_t *)(void *)v); return; }
__attribute__((unused)) inline static void ck_pr_md_load_int_4(const int t[2], int v[2]) { ck_pr_load_64_2((const uint64_t *)(const void *)t, (uint64_t *)(void *)v); return; }
__attribute__((unused)) inline static void ck_pr_md_load_uint_4(const unsigned int t[2], unsigned int v[2]) { ck_pr_load_64_2((const uint64_t *)(const void *)t, (uint64_t *)(void *)v); return; }
__attribute__((unused)) inline static void ck_pr_md_load_32_4(const uint32_t t[2], uint32_t v[2]) { ck_pr_load_64_2((const uint64_t *)(const void *)t, (uint64_t *)(void *)v); return; }
__attribute__((unused)) inline static void ck_pr_md_load_16_8(const uint16_t t[2], uint16_t v[2]) { ck_pr_load_64_2((const uint64_t *)(const void *)t, (uint64_t *)(void *)v); return; }
__attribute__((unused)) inline static void ck_pr_md_load_8_16(const uint8_t t[2], uint8_t v[2]) { ck_pr_load_64_2((const uint64_t *)(const void *)t, (uint64_t *)(void *)v); return; }
__attribute__((unused)) inline static void ck_pr_md_store_ptr(void *target, const void * v) { __asm__ __volatile__("movq" " %1, %0" : "=m" (*(uint64_t *)target) : "Z" "q" (v) : "memory"); return; }
__attribute__((unused)) inline static void ck_pr_md_store_char(char *target, char v) { __asm__ __volatile__("movb" " %1, %0" : "=m" (*(char *)target) : "e" "q" (v) : "memory"); return; }
__attribute__((unused)) inline static void ck_pr_md_store_int(int *target, int v) { __asm__ __volatile__("movl" " %1, %0" : "=m" (*(int *)target) : "e" "q" (v) : "memory"); return; }
__attribute__((unused)) inline static void ck_pr_md_store_uint(unsigned int *target, unsigned int v) { __asm__ __volatile__("movl" " %1, %0" : "=m" (*(unsigned int *)target) : "Z" "q" (v) : "memory"); return; }
__attribute__((unused)) inline static void ck_pr_md_store_64(uint64_t *target, uint64_t v) { __asm__ __volatile__("movq" " %1, %0" : "=m" (*(uint64_t *)target) : "Z" "q" (v) : "memory"); return; }
__attribute__((unused)) inline static void ck_pr_md_store_32(uint32_t *target, uint32_t v) { __asm__ __volatile__("movl" " %1, %0" : "=m" (*(uint32_t *)target) : "Z" "q" (v) : "memory"); return; }
__attribute__((unused)) inline static void ck_pr_md_store_16(uint16_t *target, uint16_t v) { __asm__ __volatile__("movw" " %1, %0" : "=m" (*(uint16_t *)target) : "Z" "q" (v) : "memory"); return; }
__attribute__((unused)) inline static void ck_pr_md_store_8(uint8_t *target, uint8_t v) { __asm__ __volatile__("movb" " %1, %0" : "=m" (*(uint8_t *)target) : "Z" "q" (v) : "memory"); return; }
__attribute__((unused)) inline static uintptr_t ck_pr_faa_ptr(void *target, uintptr_t d) { __asm__ __volatile__("lock " "xaddq" " %1, %0" : "+m" (*(uint64_t *)target), "+q" (d) : : "memory", "cc"); return (d); }
__attribute__((unused)) inline static char ck_pr_faa_char(char *target, char d) { __asm__ __volatile__("lock " "xaddb" " %1, %0" : "+m" (*(char *)target), "+q" (d) : : "memory", "cc"); return (d); }
__attribute__((unused)) inline static unsigned int ck_pr_faa_uint(unsigned int *target, unsigned int d) { __asm__ __volatile__("lock " "xaddl" " %1, %0" : "+m" (*(unsigned int *)target), "+q" (d) : : "memory", "cc"); return (d); }
__attribute__((unused)) inline static int ck_pr_faa_int(int *target, int d) { __asm__ __volatile__("lock " "xaddl" " %1, %0" : "+m" (*(int *)target), "+q" (d) : : "memory", "cc"); return (d); }
__attribute__((unused)) inline static uint64_t ck_pr_faa_64(uint64_t *target, uint64_t d) { __asm__ __volatile__("lock " "xaddq" " %1, %0" : "+m" (*(uint64_t *)target), "+q" (d) : : "memory", "cc"); return (d); }
__attribute__((unused)) inline static uint32_t ck_pr_faa_32(uint32_t *target, uint32_t d) { __asm__ __volatile__("lock " "xaddl" " %1, %0" : "+m" (*(uint32_t *)target), "+q" (d) : : "memory", "cc"); return (d); }
__attribute__((unused)) inline static uint16_t ck_pr_faa_16(uint16_t *target, uint16_t d) { __asm__ __volatile__("lock " "xaddw" " %1, %0" : "+m" (*(uint16_t *)target), "+q" (d) : : "memory", "cc"); return (d); }
__attribute__((unused)) inline static uint8_t ck_pr_faa_8(uint8_t *target, uint8_t d) { __asm__ __volatile__("lock " "xaddb" " %1, %0" : "+m" (*(uint8_t *)target), "+q" (d) : : "memory", "cc"); return (d); }
__attribute__((unused)) inline static void ck_pr_inc_ptr(void *target) { __asm__ __volatile__("lock " "inc" "q" " %0" : "+m" (*(uint64_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_inc_ptr_is_zero(void *target) { bool ret; __asm__ __volatile__("lock " "inc" "q" " %0; setz %1" : "+m" (*(uint64_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_inc_char(char *target) { __asm__ __volatile__("lock " "inc" "b" " %0" : "+m" (*(char *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_inc_char_is_zero(char *target) { bool ret; __asm__ __volatile__("lock " "inc" "b" " %0; setz %1" : "+m" (*(char *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_inc_int(int *target) { __asm__ __volatile__("lock " "inc" "l" " %0" : "+m" (*(int *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_inc_int_is_zero(int *target) { bool ret; __asm__ __volatile__("lock " "inc" "l" " %0; setz %1" : "+m" (*(int *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_inc_uint(unsigned int *target) { __asm__ __volatile__("lock " "inc" "l" " %0" : "+m" (*(unsigned int *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_inc_uint_is_zero(unsigned int *target) { bool ret; __asm__ __volatile__("lock " "inc" "l" " %0; setz %1" : "+m" (*(unsigned int *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_inc_64(uint64_t *target) { __asm__ __volatile__("lock " "inc" "q" " %0" : "+m" (*(uint64_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_inc_64_is_zero(uint64_t *target) { bool ret; __asm__ __volatile__("lock " "inc" "q" " %0; setz %1" : "+m" (*(uint64_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_inc_32(uint32_t *target) { __asm__ __volatile__("lock " "inc" "l" " %0" : "+m" (*(uint32_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_inc_32_is_zero(uint32_t *target) { bool ret; __asm__ __volatile__("lock " "inc" "l" " %0; setz %1" : "+m" (*(uint32_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_inc_16(uint16_t *target) { __asm__ __volatile__("lock " "inc" "w" " %0" : "+m" (*(uint16_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_inc_16_is_zero(uint16_t *target) { bool ret; __asm__ __volatile__("lock " "inc" "w" " %0; setz %1" : "+m" (*(uint16_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_inc_8(uint8_t *target) { __asm__ __volatile__("lock " "inc" "b" " %0" : "+m" (*(uint8_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_inc_8_is_zero(uint8_t *target) { bool ret; __asm__ __volatile__("lock " "inc" "b" " %0; setz %1" : "+m" (*(uint8_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; }
__attribute__((unused)) inline static void ck_pr_dec_ptr(void *target) { __asm__ __volatile__("lock " "dec" "q" " %0" : "+m" (*(uint64_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_dec_ptr_is_zero(void *target) { bool ret; __asm__ __volatile__("lock " "dec" "q" " %0; setz %1" : "+m" (*(uint64_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_dec_char(char *target) { __asm__ __volatile__("lock " "dec" "b" " %0" : "+m" (*(char *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_dec_char_is_zero(char *target) { bool ret; __asm__ __volatile__("lock " "dec" "b" " %0; setz %1" : "+m" (*(char *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_dec_int(int *target) { __asm__ __volatile__("lock " "dec" "l" " %0" : "+m" (*(int *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_dec_int_is_zero(int *target) { bool ret; __asm__ __volatile__("lock " "dec" "l" " %0; setz %1" : "+m" (*(int *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_dec_uint(unsigned int *target) { __asm__ __volatile__("lock " "dec" "l" " %0" : "+m" (*(unsigned int *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_dec_uint_is_zero(unsigned int *target) { bool ret; __asm__ __volatile__("lock " "dec" "l" " %0; setz %1" : "+m" (*(unsigned int *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_dec_64(uint64_t *target) { __asm__ __volatile__("lock " "dec" "q" " %0" : "+m" (*(uint64_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_dec_64_is_zero(uint64_t *target) { bool ret; __asm__ __volatile__("lock " "dec" "q" " %0; setz %1" : "+m" (*(uint64_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_dec_32(uint32_t *target) { __asm__ __volatile__("lock " "dec" "l" " %0" : "+m" (*(uint32_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_dec_32_is_zero(uint32_t *target) { bool ret; __asm__ __volatile__("lock " "dec" "l" " %0; setz %1" : "+m" (*(uint32_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_dec_16(uint16_t *target) { __asm__ __volatile__("lock " "dec" "w" " %0" : "+m" (*(uint16_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_dec_16_is_zero(uint16_t *target) { bool ret; __asm__ __volatile__("lock " "dec" "w" " %0; setz %1" : "+m" (*(uint16_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_dec_8(uint8_t *target) { __asm__ __volatile__("lock " "dec" "b" " %0" : "+m" (*(uint8_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_dec_8_is_zero(uint8_t *target) { bool ret; __asm__ __volatile__("lock " "dec" "b" " %0; setz %1" : "+m" (*(uint8_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; }
__attribute__((unused)) inline static void ck_pr_neg_ptr(void *target) { __asm__ __volatile__("lock " "neg" "q" " %0" : "+m" (*(uint64_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_neg_ptr_is_zero(void *target) { bool ret; __asm__ __volatile__("lock " "neg" "q" " %0; setz %1" : "+m" (*(uint64_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_neg_char(char *target) { __asm__ __volatile__("lock " "neg" "b" " %0" : "+m" (*(char *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_neg_char_is_zero(char *target) { bool ret; __asm__ __volatile__("lock " "neg" "b" " %0; setz %1" : "+m" (*(char *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_neg_int(int *target) { __asm__ __volatile__("lock " "neg" "l" " %0" : "+m" (*(int *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_neg_int_is_zero(int *target) { bool ret; __asm__ __volatile__("lock " "neg" "l" " %0; setz %1" : "+m" (*(int *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_neg_uint(unsigned int *target) { __asm__ __volatile__("lock " "neg" "l" " %0" : "+m" (*(unsigned int *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_neg_uint_is_zero(unsigned int *target) { bool ret; __asm__ __volatile__("lock " "neg" "l" " %0; setz %1" : "+m" (*(unsigned int *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_neg_64(uint64_t *target) { __asm__ __volatile__("lock " "neg" "q" " %0" : "+m" (*(uint64_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_neg_64_is_zero(uint64_t *target) { bool ret; __asm__ __volatile__("lock " "neg" "q" " %0; setz %1" : "+m" (*(uint64_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_neg_32(uint32_t *target) { __asm__ __volatile__("lock " "neg" "l" " %0" : "+m" (*(uint32_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_neg_32_is_zero(uint32_t *target) { bool ret; __asm__ __volatile__("lock " "neg" "l" " %0; setz %1" : "+m" (*(uint32_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_neg_16(uint16_t *target) { __asm__ __volatile__("lock " "neg" "w" " %0" : "+m" (*(uint16_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_neg_16_is_zero(uint16_t *target) { bool ret; __asm__ __volatile__("lock " "neg" "w" " %0; setz %1" : "+m" (*(uint16_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; } __attribute__((unused)) inline static void ck_pr_neg_8(uint8_t *target) { __asm__ __volatile__("lock " "neg" "b" " %0" : "+m" (*(uint8_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static bool ck_pr_neg_8_is_zero(uint8_t *target) { bool ret; __asm__ __volatile__("lock " "neg" "b" " %0; setz %1" : "+m" (*(uint8_t *)target), "=rm" (ret) : : "memory", "cc"); return ret; }
__attribute__((unused)) inline static void ck_pr_not_ptr(void *target) { __asm__ __volatile__("lock " "not" "q" " %0" : "+m" (*(uint64_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_not_char(char *target) { __asm__ __volatile__("lock " "not" "b" " %0" : "+m" (*(char *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_not_int(int *target) { __asm__ __volatile__("lock " "not" "l" " %0" : "+m" (*(int *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_not_uint(unsigned int *target) { __asm__ __volatile__("lock " "not" "l" " %0" : "+m" (*(unsigned int *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_not_64(uint64_t *target) { __asm__ __volatile__("lock " "not" "q" " %0" : "+m" (*(uint64_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_not_32(uint32_t *target) { __asm__ __volatile__("lock " "not" "l" " %0" : "+m" (*(uint32_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_not_16(uint16_t *target) { __asm__ __volatile__("lock " "not" "w" " %0" : "+m" (*(uint16_t *)target) : : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_not_8(uint8_t *target) { __asm__ __volatile__("lock " "not" "b" " %0" : "+m" (*(uint8_t *)target) : : "memory", "cc"); return; }
__attribute__((unused)) inline static void ck_pr_add_ptr(void *target, uintptr_t d) { __asm__ __volatile__("lock " "add" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_add_char(char *target, char d) { __asm__ __volatile__("lock " "add" "b" " %1, %0" : "+m" (*(char *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_add_int(int *target, int d) { __asm__ __volatile__("lock " "add" "l" " %1, %0" : "+m" (*(int *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_add_uint(unsigned int *target, unsigned int d) { __asm__ __volatile__("lock " "add" "l" " %1, %0" : "+m" (*(unsigned int *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_add_64(uint64_t *target, uint64_t d) { __asm__ __volatile__("lock " "add" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_add_32(uint32_t *target, uint32_t d) { __asm__ __volatile__("lock " "add" "l" " %1, %0" : "+m" (*(uint32_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_add_16(uint16_t *target, uint16_t d) { __asm__ __volatile__("lock " "add" "w" " %1, %0" : "+m" (*(uint16_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_add_8(uint8_t *target, uint8_t d) { __asm__ __volatile__("lock " "add" "b" " %1, %0" : "+m" (*(uint8_t *)target) : "Z" "q" (d) : "memory", "cc"); return; }
__attribute__((unused)) inline static void ck_pr_sub_ptr(void *target, uintptr_t d) { __asm__ __volatile__("lock " "sub" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_sub_char(char *target, char d) { __asm__ __volatile__("lock " "sub" "b" " %1, %0" : "+m" (*(char *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_sub_int(int *target, int d) { __asm__ __volatile__("lock " "sub" "l" " %1, %0" : "+m" (*(int *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_sub_uint(unsigned int *target, unsigned int d) { __asm__ __volatile__("lock " "sub" "l" " %1, %0" : "+m" (*(unsigned int *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_sub_64(uint64_t *target, uint64_t d) { __asm__ __volatile__("lock " "sub" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_sub_32(uint32_t *target, uint32_t d) { __asm__ __volatile__("lock " "sub" "l" " %1, %0" : "+m" (*(uint32_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_sub_16(uint16_t *target, uint16_t d) { __asm__ __volatile__("lock " "sub" "w" " %1, %0" : "+m" (*(uint16_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_sub_8(uint8_t *target, uint8_t d) { __asm__ __volatile__("lock " "sub" "b" " %1, %0" : "+m" (*(uint8_t *)target) : "Z" "q" (d) : "memory", "cc"); return; }
__attribute__((unused)) inline static void ck_pr_and_ptr(void *target, uintptr_t d) { __asm__ __volatile__("lock " "and" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_and_char(char *target, char d) { __asm__ __volatile__("lock " "and" "b" " %1, %0" : "+m" (*(char *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_and_int(int *target, int d) { __asm__ __volatile__("lock " "and" "l" " %1, %0" : "+m" (*(int *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_and_uint(unsigned int *target, unsigned int d) { __asm__ __volatile__("lock " "and" "l" " %1, %0" : "+m" (*(unsigned int *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_and_64(uint64_t *target, uint64_t d) { __asm__ __volatile__("lock " "and" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_and_32(uint32_t *target, uint32_t d) { __asm__ __volatile__("lock " "and" "l" " %1, %0" : "+m" (*(uint32_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_and_16(uint16_t *target, uint16_t d) { __asm__ __volatile__("lock " "and" "w" " %1, %0" : "+m" (*(uint16_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_and_8(uint8_t *target, uint8_t d) { __asm__ __volatile__("lock " "and" "b" " %1, %0" : "+m" (*(uint8_t *)target) : "Z" "q" (d) : "memory", "cc"); return; }
__attribute__((unused)) inline static void ck_pr_or_ptr(void *target, uintptr_t d) { __asm__ __volatile__("lock " "or" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_or_char(char *target, char d) { __asm__ __volatile__("lock " "or" "b" " %1, %0" : "+m" (*(char *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_or_int(int *target, int d) { __asm__ __volatile__("lock " "or" "l" " %1, %0" : "+m" (*(int *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_or_uint(unsigned int *target, unsigned int d) { __asm__ __volatile__("lock " "or" "l" " %1, %0" : "+m" (*(unsigned int *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_or_64(uint64_t *target, uint64_t d) { __asm__ __volatile__("lock " "or" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_or_32(uint32_t *target, uint32_t d) { __asm__ __volatile__("lock " "or" "l" " %1, %0" : "+m" (*(uint32_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_or_16(uint16_t *target, uint16_t d) { __asm__ __volatile__("lock " "or" "w" " %1, %0" : "+m" (*(uint16_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_or_8(uint8_t *target, uint8_t d) { __asm__ __volatile__("lock " "or" "b" " %1, %0" : "+m" (*(uint8_t *)target) : "Z" "q" (d) : "memory", "cc"); return; }
__attribute__((unused)) inline static void ck_pr_xor_ptr(void *target, uintptr_t d) { __asm__ __volatile__("lock " "xor" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_xor_char(char *target, char d) { __asm__ __volatile__("lock " "xor" "b" " %1, %0" : "+m" (*(char *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_xor_int(int *target, int d) { __asm__ __volatile__("lock " "xor" "l" " %1, %0" : "+m" (*(int *)target) : "e" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_xor_uint(unsigned int *target, unsigned int d) { __asm__ __volatile__("lock " "xor" "l" " %1, %0" : "+m" (*(unsigned int *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_xor_64(uint64_t *target, uint64_t d) { __asm__ __volatile__("lock " "xor" "q" " %1, %0" : "+m" (*(uint64_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_xor_32(uint32_t *target, uint32_t d) { __asm__ __volatile__("lock " "xor" "l" " %1, %0" : "+m" (*(uint32_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_xor_16(uint16_t *target, uint16_t d) { __asm__ __volatile__("lock " "xor" "w" " %1, %0" : "+m" (*(uint16_t *)target) : "Z" "q" (d) : "memory", "cc"); return; } __attribute__((unused)) inline static void ck_pr_xor_8(uint8_t *target, uint8_t d) { __asm__ __volatile__("lock " "xor" "b" " %1, %0" : "+m" (*(uint8_t *)target) : "Z" "q" (d) : "memory", "cc"); return; }
__attribute__((unused)) inline static bool ck_pr_cas_ptr(void *target, void * compare, void * set) { bool z; __asm__ __volatile__("lock " "cmpxchgq" " %3, %0" : "+m" (*(uint64_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); return z; } __attribute__((unused)) inline static bool ck_pr_cas_ptr_value(void *target, void * compare, void * set, void *v) { bool z; __asm__ __volatile__("lock " "cmpxchgq" " %3, %0;" : "+m" (*(uint64_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); *(void * *)v = compare; return z; }
__attribute__((unused)) inline static bool ck_pr_cas_char(char *target, char compare, char set) { bool z; __asm__ __volatile__("lock " "cmpxchgb" " %3, %0" : "+m" (*(char *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); return z; } __attribute__((unused)) inline static bool ck_pr_cas_char_value(char *target, char compare, char set, char *v) { bool z; __asm__ __volatile__("lock " "cmpxchgb" " %3, %0;" : "+m" (*(char *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); *(char *)v = compare; return z; }
__attribute__((unused)) inline static bool ck_pr_cas_int(int *target, int compare, int set) { bool z; __asm__ __volatile__("lock " "cmpxchgl" " %3, %0" : "+m" (*(int *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); return z; } __attribute__((unused)) inline static bool ck_pr_cas_int_value(int *target, int compare, int set, int *v) { bool z; __asm__ __volatile__("lock " "cmpxchgl" " %3, %0;" : "+m" (*(int *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); *(int *)v = compare; return z; }
__attribute__((unused)) inline static bool ck_pr_cas_uint(unsigned int *target, unsigned int compare, unsigned int set) { bool z; __asm__ __volatile__("lock " "cmpxchgl" " %3, %0" : "+m" (*(unsigned int *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); return z; } __attribute__((unused)) inline static bool ck_pr_cas_uint_value(unsigned int *target, unsigned int compare, unsigned int set, unsigned int *v) { bool z; __asm__ __volatile__("lock " "cmpxchgl" " %3, %0;" : "+m" (*(unsigned int *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); *(unsigned int *)v = compare; return z; }
__attribute__((unused)) inline static bool ck_pr_cas_64(uint64_t *target, uint64_t compare, uint64_t set) { bool z; __asm__ __volatile__("lock " "cmpxchgq" " %3, %0" : "+m" (*(uint64_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); return z; } __attribute__((unused)) inline static bool ck_pr_cas_64_value(uint64_t *target, uint64_t compare, uint64_t set, uint64_t *v) { bool z; __asm__ __volatile__("lock " "cmpxchgq" " %3, %0;" : "+m" (*(uint64_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); *(uint64_t *)v = compare; return z; }
__attribute__((unused)) inline static bool ck_pr_cas_32(uint32_t *target, uint32_t compare, uint32_t set) { bool z; __asm__ __volatile__("lock " "cmpxchgl" " %3, %0" : "+m" (*(uint32_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); return z; } __attribute__((unused)) inline static bool ck_pr_cas_32_value(uint32_t *target, uint32_t compare, uint32_t set, uint32_t *v) { bool z; __asm__ __volatile__("lock " "cmpxchgl" " %3, %0;" : "+m" (*(uint32_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); *(uint32_t *)v = compare; return z; }
__attribute__((unused)) inline static bool ck_pr_cas_16(uint16_t *target, uint16_t compare, uint16_t set) { bool z; __asm__ __volatile__("lock " "cmpxchgw" " %3, %0" : "+m" (*(uint16_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); return z; } __attribute__((unused)) inline static bool ck_pr_cas_16_value(uint16_t *target, uint16_t compare, uint16_t set, uint16_t *v) { bool z; __asm__ __volatile__("lock " "cmpxchgw" " %3, %0;" : "+m" (*(uint16_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); *(uint16_t *)v = compare; return z; }
__attribute__((unused)) inline static bool ck_pr_cas_8(uint8_t *target, uint8_t compare, uint8_t set) { bool z; __asm__ __volatile__("lock " "cmpxchgb" " %3, %0" : "+m" (*(uint8_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); return z; } __attribute__((unused)) inline static bool ck_pr_cas_8_value(uint8_t *target, uint8_t compare, uint8_t set, uint8_t *v) { bool z; __asm__ __volatile__("lock " "cmpxchgb" " %3, %0;" : "+m" (*(uint8_t *)target), "=@ccz" (z), "+a" (compare) : "q" (set) : "memory", "cc"); *(uint8_t *)v = compare; return z; }
__attribute__((unused)) inline static bool
ck_pr_cas_64_2(uint64_t target[2], uint64_t compare[2], uint64_t set[2])
{
 bool z;
 __asm__ __volatile__("movq 0(%4), %%rax;"
        "movq 8(%4), %%rdx;"
        "lock " "cmpxchg16b %0; setz %1"
    : "+m" (*target),
      "=q" (z)
    : "b" (set[0]),
      "c" (set[1]),
      "q" (compare)
    : "memory", "cc", "%rax", "%rdx");
 return z;
}
__attribute__((unused)) inline static bool
ck_pr_cas_ptr_2(void *t, void *c, void *s)
{
 return ck_pr_cas_64_2(t,
         c,
         s);
}
__attribute__((unused)) inline static bool
ck_pr_cas_64_2_value(uint64_t target[2],
       uint64_t compare[2],
       uint64_t set[2],
       uint64_t v[2])
{
 bool z;
 __asm__ __volatile__("lock " "cmpxchg16b %0;"
        "setz %3"
    : "+m" (*target),
      "=a" (v[0]),
      "=d" (v[1]),
      "=q" (z)
    : "a" (compare[0]),
      "d" (compare[1]),
      "b" (set[0]),
      "c" (set[1])
    : "memory", "cc");
 return z;
}
__attribute__((unused)) inline static bool
ck_pr_cas_ptr_2_value(void *t, void *c, void *s, void *v)
{
 return ck_pr_cas_64_2_value(t,
        c,
        s,
        v);
}
__attribute__((unused)) inline static bool ck_pr_cas_char_16(char t[16], char c[16], char s[16]) { return ck_pr_cas_64_2((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s); } __attribute__((unused)) inline static bool ck_pr_cas_char_16_value(char *t, char c[16], char s[16], char *v) { return ck_pr_cas_64_2_value((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s, (uint64_t *)(void *)v); }
__attribute__((unused)) inline static bool ck_pr_cas_int_4(int t[4], int c[4], int s[4]) { return ck_pr_cas_64_2((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s); } __attribute__((unused)) inline static bool ck_pr_cas_int_4_value(int *t, int c[4], int s[4], int *v) { return ck_pr_cas_64_2_value((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s, (uint64_t *)(void *)v); }
__attribute__((unused)) inline static bool ck_pr_cas_uint_4(unsigned int t[4], unsigned int c[4], unsigned int s[4]) { return ck_pr_cas_64_2((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s); } __attribute__((unused)) inline static bool ck_pr_cas_uint_4_value(unsigned int *t, unsigned int c[4], unsigned int s[4], unsigned int *v) { return ck_pr_cas_64_2_value((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s, (uint64_t *)(void *)v); }
__attribute__((unused)) inline static bool ck_pr_cas_32_4(uint32_t t[4], uint32_t c[4], uint32_t s[4]) { return ck_pr_cas_64_2((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s); } __attribute__((unused)) inline static bool ck_pr_cas_32_4_value(uint32_t *t, uint32_t c[4], uint32_t s[4], uint32_t *v) { return ck_pr_cas_64_2_value((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s, (uint64_t *)(void *)v); }
__attribute__((unused)) inline static bool ck_pr_cas_16_8(uint16_t t[8], uint16_t c[8], uint16_t s[8]) { return ck_pr_cas_64_2((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s); } __attribute__((unused)) inline static bool ck_pr_cas_16_8_value(uint16_t *t, uint16_t c[8], uint16_t s[8], uint16_t *v) { return ck_pr_cas_64_2_value((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s, (uint64_t *)(void *)v); }
__attribute__((unused)) inline static bool ck_pr_cas_8_16(uint8_t t[16], uint8_t c[16], uint8_t s[16]) { return ck_pr_cas_64_2((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s); } __attribute__((unused)) inline static bool ck_pr_cas_8_16_value(uint8_t *t, uint8_t c[16], uint8_t s[16], uint8_t *v) { return ck_pr_cas_64_2_value((uint64_t *)(void *)t, (uint64_t *)(void *)c, (uint64_t *)(void *)s, (uint64_t *)(void *)v); }
__attribute__((unused)) inline static bool ck_pr_btc_ptr(void *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btc" "q %2, %0" "; setc %1" : "+m" (*(uint64_t *)target), "=q" (c) : "q" ((uint64_t)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btc_uint(unsigned int *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btc" "l %2, %0" "; setc %1" : "+m" (*(unsigned int *)target), "=q" (c) : "q" ((unsigned int)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btc_int(int *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btc" "l %2, %0" "; setc %1" : "+m" (*(int *)target), "=q" (c) : "q" ((int)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btc_64(uint64_t *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btc" "q %2, %0" "; setc %1" : "+m" (*(uint64_t *)target), "=q" (c) : "q" ((uint64_t)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btc_32(uint32_t *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btc" "l %2, %0" "; setc %1" : "+m" (*(uint32_t *)target), "=q" (c) : "q" ((uint32_t)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btc_16(uint16_t *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btc" "w %w2, %0" "; setc %1" : "+m" (*(uint16_t *)target), "=q" (c) : "q" ((uint16_t)b) : "memory", "cc"); return c; }
__attribute__((unused)) inline static bool ck_pr_bts_ptr(void *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "bts" "q %2, %0" "; setc %1" : "+m" (*(uint64_t *)target), "=q" (c) : "q" ((uint64_t)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_bts_uint(unsigned int *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "bts" "l %2, %0" "; setc %1" : "+m" (*(unsigned int *)target), "=q" (c) : "q" ((unsigned int)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_bts_int(int *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "bts" "l %2, %0" "; setc %1" : "+m" (*(int *)target), "=q" (c) : "q" ((int)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_bts_64(uint64_t *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "bts" "q %2, %0" "; setc %1" : "+m" (*(uint64_t *)target), "=q" (c) : "q" ((uint64_t)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_bts_32(uint32_t *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "bts" "l %2, %0" "; setc %1" : "+m" (*(uint32_t *)target), "=q" (c) : "q" ((uint32_t)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_bts_16(uint16_t *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "bts" "w %w2, %0" "; setc %1" : "+m" (*(uint16_t *)target), "=q" (c) : "q" ((uint16_t)b) : "memory", "cc"); return c; }
__attribute__((unused)) inline static bool ck_pr_btr_ptr(void *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btr" "q %2, %0" "; setc %1" : "+m" (*(uint64_t *)target), "=q" (c) : "q" ((uint64_t)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btr_uint(unsigned int *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btr" "l %2, %0" "; setc %1" : "+m" (*(unsigned int *)target), "=q" (c) : "q" ((unsigned int)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btr_int(int *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btr" "l %2, %0" "; setc %1" : "+m" (*(int *)target), "=q" (c) : "q" ((int)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btr_64(uint64_t *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btr" "q %2, %0" "; setc %1" : "+m" (*(uint64_t *)target), "=q" (c) : "q" ((uint64_t)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btr_32(uint32_t *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btr" "l %2, %0" "; setc %1" : "+m" (*(uint32_t *)target), "=q" (c) : "q" ((uint32_t)b) : "memory", "cc"); return c; } __attribute__((unused)) inline static bool ck_pr_btr_16(uint16_t *target, unsigned int b) { bool c; __asm__ __volatile__("lock " "btr" "w %w2, %0" "; setc %1" : "+m" (*(uint16_t *)target), "=q" (c) : "q" ((uint16_t)b) : "memory", "cc"); return c; }
__attribute__((unused)) inline static void
ck_pr_barrier(void)
{
 __asm__ __volatile__("" ::: "memory");
 return;
}
__attribute__((unused)) inline static void ck_pr_fence_load_depends(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_atomic(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_atomic_load(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_atomic_store(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_store_atomic(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_load_atomic(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_load_store(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_store_load(void) { ck_pr_fence_strict_store_load(); return; }
__attribute__((unused)) inline static void ck_pr_fence_load(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_store(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_memory(void) { ck_pr_fence_strict_memory(); return; }
__attribute__((unused)) inline static void ck_pr_fence_acquire(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_release(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_acqrel(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_lock(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_fence_unlock(void) { ck_pr_barrier(); return; }
__attribute__((unused)) inline static void ck_pr_inc_char_zero(char *target, bool *zero) { *zero = ck_pr_inc_char_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_dec_char_zero(char *target, bool *zero) { *zero = ck_pr_dec_char_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_inc_int_zero(int *target, bool *zero) { *zero = ck_pr_inc_int_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_dec_int_zero(int *target, bool *zero) { *zero = ck_pr_dec_int_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_inc_uint_zero(unsigned int *target, bool *zero) { *zero = ck_pr_inc_uint_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_dec_uint_zero(unsigned int *target, bool *zero) { *zero = ck_pr_dec_uint_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_inc_ptr_zero(void *target, bool *zero) { *zero = ck_pr_inc_ptr_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_dec_ptr_zero(void *target, bool *zero) { *zero = ck_pr_dec_ptr_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_inc_64_zero(uint64_t *target, bool *zero) { *zero = ck_pr_inc_64_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_dec_64_zero(uint64_t *target, bool *zero) { *zero = ck_pr_dec_64_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_inc_32_zero(uint32_t *target, bool *zero) { *zero = ck_pr_inc_32_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_dec_32_zero(uint32_t *target, bool *zero) { *zero = ck_pr_dec_32_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_inc_16_zero(uint16_t *target, bool *zero) { *zero = ck_pr_inc_16_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_dec_16_zero(uint16_t *target, bool *zero) { *zero = ck_pr_dec_16_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_inc_8_zero(uint8_t *target, bool *zero) { *zero = ck_pr_inc_8_is_zero(target); return; }
__attribute__((unused)) inline static void ck_pr_dec_8_zero(uint8_t *target, bool *zero) { *zero = ck_pr_dec_8_is_zero(target); return; }
typedef __ptrdiff_t ptrdiff_t;

struct ck_stack_entry {
 struct ck_stack_entry *next;
};
typedef struct ck_stack_entry ck_stack_entry_t;
struct ck_stack {
 struct ck_stack_entry *head;
 char *generation __attribute__((packed));
} __attribute__((__may_alias__));
typedef struct ck_stack ck_stack_t;
__attribute__((unused)) inline static void
ck_stack_push_upmc(struct ck_stack *target, struct ck_stack_entry *entry)
{
 struct ck_stack_entry *stack;
 stack = (__typeof__(*((&target->head))))ck_pr_md_load_ptr(((&target->head)));
 entry->next = stack;
 ck_pr_fence_store();
 while (ck_pr_cas_ptr_value(&target->head, stack, entry, &stack) == 0) {
  entry->next = stack;
  ck_pr_fence_store();
 }
 return;
}
__attribute__((unused)) inline static bool
ck_stack_trypush_upmc(struct ck_stack *target, struct ck_stack_entry *entry)
{
 struct ck_stack_entry *stack;
 stack = (__typeof__(*((&target->head))))ck_pr_md_load_ptr(((&target->head)));
 entry->next = stack;
 ck_pr_fence_store();
 return ck_pr_cas_ptr(&target->head, stack, entry);
}
__attribute__((unused)) inline static struct ck_stack_entry *
ck_stack_pop_upmc(struct ck_stack *target)
{
 struct ck_stack_entry *entry, *next;
 entry = (__typeof__(*((&target->head))))ck_pr_md_load_ptr(((&target->head)));
 if (entry == ((void *)0))
  return ((void *)0);
 ck_pr_fence_load();
 next = entry->next;
 while (ck_pr_cas_ptr_value(&target->head, entry, next, &entry) == 0) {
  if (entry == ((void *)0))
   break;
  ck_pr_fence_load();
  next = entry->next;
 }
 return entry;
}
__attribute__((unused)) inline static bool
ck_stack_trypop_upmc(struct ck_stack *target, struct ck_stack_entry **r)
{
 struct ck_stack_entry *entry;
 entry = (__typeof__(*((&target->head))))ck_pr_md_load_ptr(((&target->head)));
 if (entry == ((void *)0))
  return 0;
 ck_pr_fence_load();
 if (ck_pr_cas_ptr(&target->head, entry, entry->next) == 1) {
  *r = entry;
  return 1;
 }
 return 0;
}
__attribute__((unused)) inline static struct ck_stack_entry *
ck_stack_batch_pop_upmc(struct ck_stack *target)
{
 struct ck_stack_entry *entry;
 entry = ck_pr_fas_ptr(&target->head, ((void *)0));
 ck_pr_fence_load();
 return entry;
}
__attribute__((unused)) inline static void
ck_stack_push_mpmc(struct ck_stack *target, struct ck_stack_entry *entry)
{
 ck_stack_push_upmc(target, entry);
 return;
}
__attribute__((unused)) inline static bool
ck_stack_trypush_mpmc(struct ck_stack *target, struct ck_stack_entry *entry)
{
 return ck_stack_trypush_upmc(target, entry);
}
__attribute__((unused)) inline static struct ck_stack_entry *
ck_stack_pop_mpmc(struct ck_stack *target)
{
 struct ck_stack original, update;
 original.generation = (__typeof__(*((&target->generation))))ck_pr_md_load_ptr(((&target->generation)));
 ck_pr_fence_load();
 original.head = (__typeof__(*((&target->head))))ck_pr_md_load_ptr(((&target->head)));
 if (original.head == ((void *)0))
  return ((void *)0);
 ck_pr_fence_load();
 update.generation = original.generation + 1;
 update.head = original.head->next;
 while (ck_pr_cas_ptr_2_value(target, &original, &update, &original) == 0) {
  if (original.head == ((void *)0))
   return ((void *)0);
  update.generation = original.generation + 1;
  ck_pr_fence_load();
  update.head = original.head->next;
 }
 return original.head;
}
__attribute__((unused)) inline static bool
ck_stack_trypop_mpmc(struct ck_stack *target, struct ck_stack_entry **r)
{
 struct ck_stack original, update;
 original.generation = (__typeof__(*((&target->generation))))ck_pr_md_load_ptr(((&target->generation)));
 ck_pr_fence_load();
 original.head = (__typeof__(*((&target->head))))ck_pr_md_load_ptr(((&target->head)));
 if (original.head == ((void *)0))
  return 0;
 update.generation = original.generation + 1;
 ck_pr_fence_load();
 update.head = original.head->next;
 if (ck_pr_cas_ptr_2_value(target, &original, &update, &original) == 1) {
  *r = original.head;
  return 1;
 }
 return 0;
}
__attribute__((unused)) inline static struct ck_stack_entry *
ck_stack_batch_pop_mpmc(struct ck_stack *target)
{
 return ck_stack_batch_pop_upmc(target);
}
__attribute__((unused)) inline static void
ck_stack_push_mpnc(struct ck_stack *target, struct ck_stack_entry *entry)
{
 struct ck_stack_entry *stack;
 entry->next = ((void *)0);
 ck_pr_fence_store_atomic();
 stack = ck_pr_fas_ptr(&target->head, entry);
 ck_pr_md_store_ptr( ((void)sizeof(*((&entry->next)) = ((stack))), ((&entry->next))), ((stack)));
 ck_pr_fence_store();
 return;
}
__attribute__((unused)) inline static void
ck_stack_push_spnc(struct ck_stack *target, struct ck_stack_entry *entry)
{
 entry->next = target->head;
 target->head = entry;
 return;
}
__attribute__((unused)) inline static struct ck_stack_entry *
ck_stack_pop_npsc(struct ck_stack *target)
{
 struct ck_stack_entry *n;
 if (target->head == ((void *)0))
  return ((void *)0);
 n = target->head;
 target->head = n->next;
 return n;
}
__attribute__((unused)) inline static struct ck_stack_entry *
ck_stack_batch_pop_npsc(struct ck_stack *target)
{
 struct ck_stack_entry *n;
 n = target->head;
 target->head = ((void *)0);
 return n;
}
__attribute__((unused)) inline static void
ck_stack_init(struct ck_stack *stack)
{
 stack->head = ((void *)0);
 stack->generation = ((void *)0);
 return;
}
struct ck_epoch_entry;
typedef struct ck_epoch_entry ck_epoch_entry_t;
typedef void ck_epoch_cb_t(ck_epoch_entry_t *);
struct ck_epoch_entry {
 ck_epoch_cb_t *function;
 ck_stack_entry_t stack_entry;
};
struct ck_epoch_section {
 unsigned int bucket;
};
typedef struct ck_epoch_section ck_epoch_section_t;
struct ck_epoch_ref {
 unsigned int epoch;
 unsigned int count;
};
struct ck_epoch_record {
 ck_stack_entry_t record_next;
 struct ck_epoch *global;
 unsigned int state;
 unsigned int epoch;
 unsigned int active;
 struct {
  struct ck_epoch_ref bucket[(2)];
 } local __attribute__((aligned((64))));
 unsigned int n_pending;
 unsigned int n_peak;
 unsigned int n_dispatch;
 void *ct;
 ck_stack_t pending[4];
} __attribute__((aligned((64))));
typedef struct ck_epoch_record ck_epoch_record_t;
struct ck_epoch {
 unsigned int epoch;
 unsigned int n_free;
 ck_stack_t records;
};
typedef struct ck_epoch ck_epoch_t;
void _ck_epoch_addref(ck_epoch_record_t *, ck_epoch_section_t *);
bool _ck_epoch_delref(ck_epoch_record_t *, ck_epoch_section_t *);
__attribute__((unused)) __attribute__((always_inline)) inline static void *
ck_epoch_record_ct(const ck_epoch_record_t *record)
{
 return (__typeof__(*((&record->ct))))ck_pr_md_load_ptr(((&record->ct)));
}
__attribute__((unused)) __attribute__((always_inline)) inline static void
ck_epoch_begin(ck_epoch_record_t *record, ck_epoch_section_t *section)
{
 struct ck_epoch *epoch = record->global;
 if (record->active == 0) {
  unsigned int g_epoch;
  ck_pr_fas_uint(&record->active, 1);
  ck_pr_fence_atomic_load();
  g_epoch = ck_pr_md_load_uint(((&epoch->epoch)));
  ck_pr_md_store_uint( ((void)sizeof(*((&record->epoch)) = ((g_epoch))), ((&record->epoch))), ((g_epoch)));
 } else {
  ck_pr_md_store_uint( ((void)sizeof(*((&record->active)) = ((record->active + 1))), ((&record->active))), ((record->active + 1)));
 }
 if (section != ((void *)0))
  _ck_epoch_addref(record, section);
 return;
}
__attribute__((unused)) __attribute__((always_inline)) inline static bool
ck_epoch_end(ck_epoch_record_t *record, ck_epoch_section_t *section)
{
 ck_pr_fence_release();
 ck_pr_md_store_uint( ((void)sizeof(*((&record->active)) = ((record->active - 1))), ((&record->active))), ((record->active - 1)));
 if (section != ((void *)0))
  return _ck_epoch_delref(record, section);
 return record->active == 0;
}
__attribute__((unused)) __attribute__((always_inline)) inline static void
ck_epoch_call(ck_epoch_record_t *record,
       ck_epoch_entry_t *entry,
       ck_epoch_cb_t *function)
{
 struct ck_epoch *epoch = record->global;
 unsigned int e = ck_pr_md_load_uint(((&epoch->epoch)));
 unsigned int offset = e & (4 - 1);
 record->n_pending++;
 entry->function = function;
 ck_stack_push_spnc(&record->pending[offset], &entry->stack_entry);
 return;
}
__attribute__((unused)) __attribute__((always_inline)) inline static void
ck_epoch_call_strict(ck_epoch_record_t *record,
       ck_epoch_entry_t *entry,
       ck_epoch_cb_t *function)
{
 struct ck_epoch *epoch = record->global;
 unsigned int e = ck_pr_md_load_uint(((&epoch->epoch)));
 unsigned int offset = e & (4 - 1);
 ck_pr_inc_uint(&record->n_pending);
 entry->function = function;
 ck_stack_push_upmc(&record->pending[offset], &entry->stack_entry);
 return;
}
typedef void ck_epoch_wait_cb_t(ck_epoch_t *, ck_epoch_record_t *,
    void *);
__attribute__((unused)) __attribute__((always_inline)) inline static unsigned int
ck_epoch_value(const ck_epoch_t *ep)
{
 ck_pr_fence_load();
 return ck_pr_md_load_uint(((&ep->epoch)));
}
void ck_epoch_init(ck_epoch_t *);
ck_epoch_record_t *ck_epoch_recycle(ck_epoch_t *, void *);
void ck_epoch_register(ck_epoch_t *, ck_epoch_record_t *, void *);
void ck_epoch_unregister(ck_epoch_record_t *);
bool ck_epoch_poll(ck_epoch_record_t *);
bool ck_epoch_poll_deferred(struct ck_epoch_record *record, ck_stack_t *deferred);
void ck_epoch_synchronize(ck_epoch_record_t *);
void ck_epoch_synchronize_wait(ck_epoch_t *, ck_epoch_wait_cb_t *, void *);
void ck_epoch_barrier(ck_epoch_record_t *);
void ck_epoch_barrier_wait(ck_epoch_record_t *, ck_epoch_wait_cb_t *, void *);
void ck_epoch_reclaim(ck_epoch_record_t *);

struct epoch;
typedef struct epoch *epoch_t;
extern epoch_t global_epoch;
extern epoch_t global_epoch_preempt;
struct epoch_tracker {
 struct { struct epoch_tracker *tqe_next; struct epoch_tracker **tqe_prev; } et_link;
 struct thread *et_td;
 ck_epoch_section_t et_section;
 uint8_t et_old_priority;
} __attribute__((__aligned__(sizeof(void *))));
typedef struct epoch_tracker *epoch_tracker_t;
epoch_t epoch_alloc(const char *name, int flags);
void epoch_free(epoch_t epoch);
void epoch_wait(epoch_t epoch);
void epoch_wait_preempt(epoch_t epoch);
void epoch_drain_callbacks(epoch_t epoch);
void epoch_call(epoch_t epoch, epoch_callback_t cb, epoch_context_t ctx);
int in_epoch(epoch_t epoch);
int in_epoch_verbose(epoch_t epoch, int dump_onfail);
extern int pcpu_entry_epoch_cb_count;
extern struct grouptask pcpu_entry_epoch_cb_task;
void _epoch_enter_preempt(epoch_t epoch, epoch_tracker_t et );
void _epoch_exit_preempt(epoch_t epoch, epoch_tracker_t et );
void epoch_enter(epoch_t epoch);
void epoch_exit(epoch_t epoch);
extern epoch_t net_epoch_preempt;
extern char kernelname[1024];
extern int tick;
extern int hz;
extern int psratio;
extern int stathz;
extern int profhz;
extern int profprocs;
extern volatile int ticks;
enum sysinit_sub_id {
 SI_SUB_DUMMY = 0x0000000,
 SI_SUB_DONE = 0x0000001,
 SI_SUB_TUNABLES = 0x0700000,
 SI_SUB_COPYRIGHT = 0x0800001,
 SI_SUB_VM = 0x1000000,
 SI_SUB_COUNTER = 0x1100000,
 SI_SUB_KMEM = 0x1800000,
 SI_SUB_HYPERVISOR = 0x1A40000,
 SI_SUB_WITNESS = 0x1A80000,
 SI_SUB_MTX_POOL_DYNAMIC = 0x1AC0000,
 SI_SUB_LOCK = 0x1B00000,
 SI_SUB_EVENTHANDLER = 0x1C00000,
 SI_SUB_VNET_PRELINK = 0x1E00000,
 SI_SUB_KLD = 0x2000000,
 SI_SUB_KHELP = 0x2080000,
 SI_SUB_CPU = 0x2100000,
 SI_SUB_RACCT = 0x2110000,
 SI_SUB_KDTRACE = 0x2140000,
 SI_SUB_RANDOM = 0x2160000,
 SI_SUB_MAC = 0x2180000,
 SI_SUB_MAC_POLICY = 0x21C0000,
 SI_SUB_MAC_LATE = 0x21D0000,
 SI_SUB_VNET = 0x21E0000,
 SI_SUB_INTRINSIC = 0x2200000,
 SI_SUB_VM_CONF = 0x2300000,
 SI_SUB_DDB_SERVICES = 0x2380000,
 SI_SUB_RUN_QUEUE = 0x2400000,
 SI_SUB_KTRACE = 0x2480000,
 SI_SUB_OPENSOLARIS = 0x2490000,
 SI_SUB_AUDIT = 0x24C0000,
 SI_SUB_CREATE_INIT = 0x2500000,
 SI_SUB_SCHED_IDLE = 0x2600000,
 SI_SUB_MBUF = 0x2700000,
 SI_SUB_INTR = 0x2800000,
 SI_SUB_TASKQ = 0x2880000,
 SI_SUB_EPOCH = 0x2888000,
 SI_SUB_SOFTINTR = 0x2A00000,
 SI_SUB_DEVFS = 0x2F00000,
 SI_SUB_INIT_IF = 0x3000000,
 SI_SUB_NETGRAPH = 0x3010000,
 SI_SUB_DTRACE = 0x3020000,
 SI_SUB_DTRACE_PROVIDER = 0x3048000,
 SI_SUB_DTRACE_ANON = 0x308C000,
 SI_SUB_DRIVERS = 0x3100000,
 SI_SUB_CONFIGURE = 0x3800000,
 SI_SUB_VFS = 0x4000000,
 SI_SUB_CLOCKS = 0x4800000,
 SI_SUB_SYSV_SHM = 0x6400000,
 SI_SUB_SYSV_SEM = 0x6800000,
 SI_SUB_SYSV_MSG = 0x6C00000,
 SI_SUB_P1003_1B = 0x6E00000,
 SI_SUB_PSEUDO = 0x7000000,
 SI_SUB_EXEC = 0x7400000,
 SI_SUB_PROTO_BEGIN = 0x8000000,
 SI_SUB_PROTO_PFIL = 0x8100000,
 SI_SUB_PROTO_IF = 0x8400000,
 SI_SUB_PROTO_DOMAININIT = 0x8600000,
 SI_SUB_PROTO_MC = 0x8700000,
 SI_SUB_PROTO_DOMAIN = 0x8800000,
 SI_SUB_PROTO_FIREWALL = 0x8806000,
 SI_SUB_PROTO_IFATTACHDOMAIN = 0x8808000,
 SI_SUB_PROTO_END = 0x8ffffff,
 SI_SUB_KPROF = 0x9000000,
 SI_SUB_KICK_SCHEDULER = 0xa000000,
 SI_SUB_INT_CONFIG_HOOKS = 0xa800000,
 SI_SUB_ROOT_CONF = 0xb000000,
 SI_SUB_INTRINSIC_POST = 0xd000000,
 SI_SUB_SYSCALLS = 0xd800000,
 SI_SUB_VNET_DONE = 0xdc00000,
 SI_SUB_KTHREAD_INIT = 0xe000000,
 SI_SUB_KTHREAD_PAGE = 0xe400000,
 SI_SUB_KTHREAD_VM = 0xe800000,
 SI_SUB_KTHREAD_BUF = 0xea00000,
 SI_SUB_KTHREAD_UPDATE = 0xec00000,
 SI_SUB_KTHREAD_IDLE = 0xee00000,
 SI_SUB_SMP = 0xf000000,
 SI_SUB_RACCTD = 0xf100000,
 SI_SUB_LAST = 0xfffffff
};
enum sysinit_elem_order {
 SI_ORDER_FIRST = 0x0000000,
 SI_ORDER_SECOND = 0x0000001,
 SI_ORDER_THIRD = 0x0000002,
 SI_ORDER_FOURTH = 0x0000003,
 SI_ORDER_FIFTH = 0x0000004,
 SI_ORDER_SIXTH = 0x0000005,
 SI_ORDER_SEVENTH = 0x0000006,
 SI_ORDER_EIGHTH = 0x0000007,
 SI_ORDER_MIDDLE = 0x1000000,
 SI_ORDER_ANY = 0xfffffff
};
typedef void (*sysinit_nfunc_t)(void *);
typedef void (*sysinit_cfunc_t)(const void *);
struct sysinit {
 enum sysinit_sub_id subsystem;
 enum sysinit_elem_order order;
 struct { struct sysinit *stqe_next; } next;
 sysinit_cfunc_t func;
 const void *udata;
};
void sysinit_add(struct sysinit **set, struct sysinit **set_end);
extern void tunable_int_init(void *);
struct tunable_int {
 const char *path;
 int *var;
};
extern void tunable_long_init(void *);
struct tunable_long {
 const char *path;
 long *var;
};
extern void tunable_ulong_init(void *);
struct tunable_ulong {
 const char *path;
 unsigned long *var;
};
extern void tunable_int64_init(void *);
struct tunable_int64 {
 const char *path;
 int64_t *var;
};
extern void tunable_uint64_init(void *);
struct tunable_uint64 {
 const char *path;
 uint64_t *var;
};
extern void tunable_quad_init(void *);
struct tunable_quad {
 const char *path;
 quad_t *var;
};
extern void tunable_bool_init(void *);
struct tunable_bool {
 const char *path;
 bool *var;
};
extern void tunable_str_init(void *);
struct tunable_str {
 const char *path;
 char *var;
 int size;
};
typedef void (*ich_func_t)(void *_arg);
struct intr_config_hook {
 struct { struct intr_config_hook *stqe_next; } ich_links;
 uintptr_t ich_state;
 ich_func_t ich_func;
 void *ich_arg;
};
int config_intrhook_establish(struct intr_config_hook *hook);
void config_intrhook_disestablish(struct intr_config_hook *hook);
int config_intrhook_drain(struct intr_config_hook *hook);
void config_intrhook_oneshot(ich_func_t _func, void *_arg);
struct kproc_desc {
 const char *arg0;
 void (*func)(void);
 struct proc **global_procpp;
};
struct kthread_desc {
 const char *arg0;
 void (*func)(void);
 struct thread **global_threadpp;
};
int kproc_create(void (*)(void *), void *, struct proc **,
     int flags, int pages, const char *, ...) __attribute__((__format__ (__freebsd_kprintf__, 6, 7)));
void kproc_exit(int) __attribute__((__noreturn__));
int kproc_resume(struct proc *);
void kproc_shutdown(void *, int);
void kproc_start(const void *);
int kproc_suspend(struct proc *, int);
void kproc_suspend_check(struct proc *);
int kproc_kthread_add(void (*)(void *), void *,
     struct proc **,
     struct thread **,
     int flags, int pages,
     const char *procname, const char *, ...) __attribute__((__format__ (__freebsd_kprintf__, 8, 9)));
int kthread_add(void (*)(void *), void *,
     struct proc *, struct thread **,
     int flags, int pages, const char *, ...) __attribute__((__format__ (__freebsd_kprintf__, 7, 8)));
void kthread_exit(void) __attribute__((__noreturn__));
int kthread_resume(struct thread *);
void kthread_shutdown(void *, int);
void kthread_start(const void *);
int kthread_suspend(struct thread *, int);
void kthread_suspend_check(void);

struct malloc_type_stats {
 uint64_t mts_memalloced;
 uint64_t mts_memfreed;
 uint64_t mts_numallocs;
 uint64_t mts_numfrees;
 uint64_t mts_size;
 uint64_t _mts_reserved1;
 uint64_t _mts_reserved2;
 uint64_t _mts_reserved3;
};
_Static_assert(sizeof(struct malloc_type_stats) == 64,
    "allocations come from pcpu_zone_64");
struct malloc_type_internal {
 uint32_t mti_probes[2];
 u_char mti_zone;
 struct malloc_type_stats *mti_stats;
 u_long mti_spare[8];
};
struct malloc_type {
 struct malloc_type *ks_next;
 u_long ks_version;
 const char *ks_shortdesc;
 struct malloc_type_internal ks_mti;
};
struct malloc_type_stream_header {
 uint32_t mtsh_version;
 uint32_t mtsh_maxcpus;
 uint32_t mtsh_count;
 uint32_t _mtsh_pad;
};
struct malloc_type_header {
 char mth_name[32];
};
extern struct malloc_type M_CACHE[1];
extern struct malloc_type M_DEVBUF[1];
extern struct malloc_type M_TEMP[1];
extern struct malloc_type M_IOV[1];
struct domainset;
extern struct mtx malloc_mtx;
typedef void malloc_type_list_func_t(struct malloc_type *, void *);
void contigfree(void *addr, unsigned long size, struct malloc_type *type);
void *contigmalloc(unsigned long size, struct malloc_type *type, int flags,
     vm_paddr_t low, vm_paddr_t high, unsigned long alignment,
     vm_paddr_t boundary) __attribute__((__malloc__)) __attribute__((__warn_unused_result__))
     __attribute__((__alloc_size__(1))) __attribute__((__alloc_align__(6)));
void *contigmalloc_domainset(unsigned long size, struct malloc_type *type,
     struct domainset *ds, int flags, vm_paddr_t low, vm_paddr_t high,
     unsigned long alignment, vm_paddr_t boundary)
     __attribute__((__malloc__)) __attribute__((__warn_unused_result__)) __attribute__((__alloc_size__(1))) __attribute__((__alloc_align__(7)));
void free(void *addr, struct malloc_type *type);
void zfree(void *addr, struct malloc_type *type);
void *malloc(size_t size, struct malloc_type *type, int flags) __attribute__((__malloc__))
     __attribute__((__warn_unused_result__)) __attribute__((__alloc_size__(1)));
void *malloc_domainset(size_t size, struct malloc_type *type,
     struct domainset *ds, int flags) __attribute__((__malloc__)) __attribute__((__warn_unused_result__))
     __attribute__((__alloc_size__(1)));
void *mallocarray(size_t nmemb, size_t size, struct malloc_type *type,
     int flags) __attribute__((__malloc__)) __attribute__((__warn_unused_result__))
     __attribute__((__alloc_size__(1, 2)));
void *mallocarray_domainset(size_t nmemb, size_t size, struct malloc_type *type,
     struct domainset *ds, int flags) __attribute__((__malloc__)) __attribute__((__warn_unused_result__))
     __attribute__((__alloc_size__(1, 2)));
void *malloc_exec(size_t size, struct malloc_type *type, int flags) __attribute__((__malloc__))
     __attribute__((__warn_unused_result__)) __attribute__((__alloc_size__(1)));
void *malloc_domainset_exec(size_t size, struct malloc_type *type,
     struct domainset *ds, int flags) __attribute__((__malloc__)) __attribute__((__warn_unused_result__))
     __attribute__((__alloc_size__(1)));
void malloc_init(void *);
void malloc_type_allocated(struct malloc_type *type, unsigned long size);
void malloc_type_freed(struct malloc_type *type, unsigned long size);
void malloc_type_list(malloc_type_list_func_t *, void *);
void malloc_uninit(void *);
size_t malloc_size(size_t);
size_t malloc_usable_size(const void *);
void *realloc(void *addr, size_t size, struct malloc_type *type, int flags)
     __attribute__((__warn_unused_result__)) __attribute__((__alloc_size__(2)));
void *reallocf(void *addr, size_t size, struct malloc_type *type, int flags)
     __attribute__((__warn_unused_result__)) __attribute__((__alloc_size__(2)));
void *malloc_aligned(size_t size, size_t align, struct malloc_type *type,
     int flags) __attribute__((__malloc__)) __attribute__((__warn_unused_result__)) __attribute__((__alloc_size__(1)));
void *malloc_domainset_aligned(size_t size, size_t align,
     struct malloc_type *mtp, struct domainset *ds, int flags)
     __attribute__((__malloc__)) __attribute__((__warn_unused_result__)) __attribute__((__alloc_size__(1)));
struct malloc_type *malloc_desc2type(const char *desc);
static inline bool
WOULD_OVERFLOW(size_t nmemb, size_t size)
{
 return ((nmemb >= (1UL << (sizeof(size_t) * 8 / 2)) || size >= (1UL << (sizeof(size_t) * 8 / 2))) &&
     nmemb > 0 && 0xffffffffffffffff / nmemb < size);
}
static __inline void
_refcount_update_saturated(volatile u_int *count)
{
 _Generic(*(count), int: (*(volatile u_int *)(count) = (u_int)((3U << 30))), u_int: (*(volatile u_int *)(count) = (u_int)((3U << 30))));
}
static __inline void
refcount_init(volatile u_int *count, u_int value)
{
 do { } while (0);
 _Generic(*(count), int: (*(volatile u_int *)(count) = (u_int)(value)), u_int: (*(volatile u_int *)(count) = (u_int)(value)));
}
static __inline u_int
refcount_load(volatile u_int *count)
{
 return (_Generic(*(count), int: (*(volatile u_int *)(count)), u_int: (*(volatile u_int *)(count))));
}
static __inline u_int
refcount_acquire(volatile u_int *count)
{
 u_int old;
 old = atomic_fetchadd_int(count, 1);
 if (__builtin_expect(((((old) & (1U << 31)) != 0)), 0))
  _refcount_update_saturated(count);
 return (old);
}
static __inline u_int
refcount_acquiren(volatile u_int *count, u_int n)
{
 u_int old;
 do { } while (0);
 old = atomic_fetchadd_int(count, n);
 if (__builtin_expect(((((old) & (1U << 31)) != 0)), 0))
  _refcount_update_saturated(count);
 return (old);
}
static __inline __attribute__((__warn_unused_result__)) bool
refcount_acquire_checked(volatile u_int *count)
{
 u_int old;
 old = _Generic(*(count), int: (*(volatile u_int *)(count)), u_int: (*(volatile u_int *)(count)));
 for (;;) {
  if (__builtin_expect(((((old + 1) & (1U << 31)) != 0)), 0))
   return (0);
  if (__builtin_expect((atomic_fcmpset_int(count, &old, old + 1) == 1), 1))
   return (1);
 }
}
static __inline __attribute__((__warn_unused_result__)) bool
refcount_acquire_if_gt(volatile u_int *count, u_int n)
{
 u_int old;
 old = _Generic(*(count), int: (*(volatile u_int *)(count)), u_int: (*(volatile u_int *)(count)));
 for (;;) {
  if (old <= n)
   return (0);
  if (__builtin_expect(((((old) & (1U << 31)) != 0)), 0))
   return (1);
  if (atomic_fcmpset_int(count, &old, old + 1))
   return (1);
 }
}
static __inline __attribute__((__warn_unused_result__)) bool
refcount_acquire_if_not_zero(volatile u_int *count)
{
 return (refcount_acquire_if_gt(count, 0));
}
static __inline bool
refcount_releasen(volatile u_int *count, u_int n)
{
 u_int old;
 do { } while (0);
 atomic_thread_fence_rel();
 old = atomic_fetchadd_int(count, -n);
 if (__builtin_expect((old < n || (((old) & (1U << 31)) != 0)), 0)) {
  _refcount_update_saturated(count);
  return (0);
 }
 if (old > n)
  return (0);
 atomic_thread_fence_acq();
 return (1);
}
static __inline bool
refcount_release(volatile u_int *count)
{
 return (refcount_releasen(count, 1));
}
static __inline __attribute__((__warn_unused_result__)) bool _refcount_release_if_gt(volatile u_int *count, u_int n) { u_int old; do { } while (0); old = _Generic(*(count), int: (*(volatile u_int *)(count)), u_int: (*(volatile u_int *)(count))); for (;;) { if (!(old > n)) return (0); if (__builtin_expect(((((old) & (1U << 31)) != 0)), 0)) return (0); if (atomic_fcmpset_int(count, &old, old - 1)) return (1); } }
static __inline __attribute__((__warn_unused_result__)) bool _refcount_release_if_eq(volatile u_int *count, u_int n) { u_int old; do { } while (0); old = _Generic(*(count), int: (*(volatile u_int *)(count)), u_int: (*(volatile u_int *)(count))); for (;;) { if (!(old == n)) return (0); if (__builtin_expect(((((old) & (1U << 31)) != 0)), 0)) return (0); if (atomic_fcmpset_int(count, &old, old - 1)) return (1); } }
static __inline __attribute__((__warn_unused_result__)) bool
refcount_release_if_gt(volatile u_int *count, u_int n)
{
 return (_refcount_release_if_gt(count, n));
}
static __inline __attribute__((__warn_unused_result__)) bool
refcount_release_if_last(volatile u_int *count)
{
 if (_refcount_release_if_eq(count, 1)) {
  atomic_thread_fence_acq();
  return (1);
 }
 return (0);
}
static __inline __attribute__((__warn_unused_result__)) bool
refcount_release_if_not_last(volatile u_int *count)
{
 return (_refcount_release_if_gt(count, 1));
}
typedef uint32_t smr_seq_t;
typedef int32_t smr_delta_t;
typedef struct smr *smr_t;
struct uma_zone;
typedef struct uma_zone * uma_zone_t;
typedef int (*uma_ctor)(void *mem, int size, void *arg, int flags);
typedef void (*uma_dtor)(void *mem, int size, void *arg);
typedef int (*uma_init)(void *mem, int size, int flags);
typedef void (*uma_fini)(void *mem, int size);
typedef int (*uma_import)(void *arg, void **store, int count, int domain,
    int flags);
typedef void (*uma_release)(void *arg, void **store, int count);
uma_zone_t uma_zcreate(const char *name, size_t size, uma_ctor ctor,
      uma_dtor dtor, uma_init uminit, uma_fini fini,
      int align, uint32_t flags);
uma_zone_t uma_zsecond_create(const char *name, uma_ctor ctor, uma_dtor dtor,
    uma_init zinit, uma_fini zfini, uma_zone_t primary);
uma_zone_t uma_zcache_create(const char *name, int size, uma_ctor ctor,
    uma_dtor dtor, uma_init zinit, uma_fini zfini, uma_import zimport,
    uma_release zrelease, void *arg, int flags);
void uma_zdestroy(uma_zone_t zone);
void *uma_zalloc_arg(uma_zone_t zone, void *arg, int flags);
void *uma_zalloc_pcpu_arg(uma_zone_t zone, void *arg, int flags);
void *uma_zalloc_smr(uma_zone_t zone, int flags);
void *uma_zalloc_domain(uma_zone_t zone, void *arg, int domain, int flags);
static __inline void *uma_zalloc(uma_zone_t zone, int flags);
static __inline void *uma_zalloc_pcpu(uma_zone_t zone, int flags);
static __inline void *
uma_zalloc(uma_zone_t zone, int flags)
{
 return uma_zalloc_arg(zone, ((void *)0), flags);
}
static __inline void *
uma_zalloc_pcpu(uma_zone_t zone, int flags)
{
 return uma_zalloc_pcpu_arg(zone, ((void *)0), flags);
}
void uma_zfree_arg(uma_zone_t zone, void *item, void *arg);
void uma_zfree_pcpu_arg(uma_zone_t zone, void *item, void *arg);
void uma_zfree_smr(uma_zone_t zone, void *item);
static __inline void uma_zfree(uma_zone_t zone, void *item);
static __inline void uma_zfree_pcpu(uma_zone_t zone, void *item);
static __inline void
uma_zfree(uma_zone_t zone, void *item)
{
 uma_zfree_arg(zone, item, ((void *)0));
}
static __inline void
uma_zfree_pcpu(uma_zone_t zone, void *item)
{
 uma_zfree_pcpu_arg(zone, item, ((void *)0));
}
void uma_zwait(uma_zone_t zone);
typedef void *(*uma_alloc)(uma_zone_t zone, vm_size_t size, int domain,
    uint8_t *pflag, int wait);
typedef void (*uma_free)(void *item, vm_size_t size, uint8_t pflag);
void uma_reclaim(int req);
void uma_reclaim_domain(int req, int domain);
void uma_zone_reclaim(uma_zone_t, int req);
void uma_zone_reclaim_domain(uma_zone_t, int req, int domain);
void uma_set_cache_align_mask(unsigned int mask);
unsigned int uma_get_cache_align_mask(void) __attribute__((__pure__));
void uma_zone_reserve(uma_zone_t zone, int nitems);
int uma_zone_reserve_kva(uma_zone_t zone, int nitems);
int uma_zone_set_max(uma_zone_t zone, int nitems);
void uma_zone_set_maxcache(uma_zone_t zone, int nitems);
int uma_zone_get_max(uma_zone_t zone);
void uma_zone_set_warning(uma_zone_t zone, const char *warning);
typedef void (*uma_maxaction_t)(uma_zone_t, int);
void uma_zone_set_maxaction(uma_zone_t zone, uma_maxaction_t);
int uma_zone_get_cur(uma_zone_t zone);
void uma_zone_set_init(uma_zone_t zone, uma_init uminit);
void uma_zone_set_fini(uma_zone_t zone, uma_fini fini);
void uma_zone_set_zinit(uma_zone_t zone, uma_init zinit);
void uma_zone_set_zfini(uma_zone_t zone, uma_fini zfini);
void uma_zone_set_allocf(uma_zone_t zone, uma_alloc allocf);
void uma_zone_set_freef(uma_zone_t zone, uma_free freef);
void uma_zone_set_smr(uma_zone_t zone, smr_t smr);
smr_t uma_zone_get_smr(uma_zone_t zone);
void uma_prealloc(uma_zone_t zone, int itemcnt);
int uma_zone_exhausted(uma_zone_t zone);
size_t uma_zone_memory(uma_zone_t zone);
extern uma_zone_t pcpu_zone_4;
extern uma_zone_t pcpu_zone_8;
extern uma_zone_t pcpu_zone_16;
extern uma_zone_t pcpu_zone_32;
extern uma_zone_t pcpu_zone_64;
struct uma_stream_header {
 uint32_t ush_version;
 uint32_t ush_maxcpus;
 uint32_t ush_count;
 uint32_t _ush_pad;
};
struct uma_type_header {
 char uth_name[32];
 uint32_t uth_align;
 uint32_t uth_size;
 uint32_t uth_rsize;
 uint32_t uth_maxpages;
 uint32_t uth_limit;
 uint32_t uth_pages;
 uint32_t uth_keg_free;
 uint32_t uth_zone_free;
 uint32_t uth_bucketsize;
 uint32_t uth_zone_flags;
 uint64_t uth_allocs;
 uint64_t uth_frees;
 uint64_t uth_fails;
 uint64_t uth_sleeps;
 uint64_t uth_xdomain;
 uint64_t _uth_reserved1[1];
};
struct uma_percpu_stat {
 uint64_t ups_allocs;
 uint64_t ups_frees;
 uint64_t ups_cache_free;
 uint64_t _ups_reserved[5];
};
void uma_reclaim_wakeup(void);
void uma_reclaim_worker(void *);
unsigned long uma_limit(void);
unsigned long uma_size(void);
long uma_avail(void);

extern volatile bool sdt_probes_enabled;
typedef void (*sdt_probe_func_t)(uint32_t, uintptr_t arg0, uintptr_t arg1,
    uintptr_t arg2, uintptr_t arg3, uintptr_t arg4);
extern sdt_probe_func_t sdt_probe_func;
struct sdt_probe;
struct sdt_provider;
struct linker_file;
struct sdt_argtype {
 int ndx;
 const char *type;
 const char *xtype;
 struct { struct sdt_argtype *tqe_next; struct sdt_argtype **tqe_prev; }
   argtype_entry;
 struct sdt_probe *probe;
};
struct sdt_probe {
 int version;
 struct sdt_provider *prov;
 struct { struct sdt_probe *tqe_next; struct sdt_probe **tqe_prev; }
   probe_entry;
 struct { struct sdt_argtype *tqh_first; struct sdt_argtype **tqh_last; } argtype_list;
 const char *mod;
 const char *func;
 const char *name;
 id_t id;
 int n_args;
 struct linker_file *sdtp_lf;
};
struct sdt_provider {
 char *name;
 struct { struct sdt_provider *tqe_next; struct sdt_provider **tqe_prev; }
   prov_entry;
 uintptr_t id;
 int sdt_refs;
};
void sdt_probe_stub(uint32_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
    uintptr_t);
                         ;
;
                                         ;
                                     ;
                                      ;
                                  ;
                                    ;
                                     ;
                                    ;
                                     ;
                                     ;
                                   ;
                                    ;
                                     ;
struct mbuf;
struct mb_args {
 int flags;
 short type;
};
struct m_tag {
 struct { struct m_tag *sle_next; } m_tag_link;
 u_int16_t m_tag_id;
 u_int16_t m_tag_len;
 u_int32_t m_tag_cookie;
 void (*m_tag_free)(struct m_tag *);
};
struct if_snd_tag_sw;
struct m_snd_tag {
 struct ifnet *ifp;
 const struct if_snd_tag_sw *sw;
 volatile u_int refcount;
};
struct pkthdr {
 union {
  struct m_snd_tag *snd_tag;
  struct ifnet *rcvif;
  struct {
   uint16_t rcvidx;
   uint16_t rcvgen;
  };
 };
 union {
  struct ifnet *leaf_rcvif;
  struct {
   uint16_t leaf_rcvidx;
   uint16_t leaf_rcvgen;
  };
 };
 struct packet_tags { struct m_tag *slh_first; } tags;
 int32_t len;
 uint32_t flowid;
 uint32_t csum_flags;
 uint16_t fibnum;
 uint8_t numa_domain;
 uint8_t rsstype;
 union {
  uint64_t rcv_tstmp;
  struct {
   uint8_t l2hlen;
   uint8_t l3hlen;
   uint8_t l4hlen;
   uint8_t l5hlen;
   uint8_t inner_l2hlen;
   uint8_t inner_l3hlen;
   uint8_t inner_l4hlen;
   uint8_t inner_l5hlen;
  };
 };
 union {
  uint8_t eight[8];
  uint16_t sixteen[4];
  uint32_t thirtytwo[2];
  uint64_t sixtyfour[1];
  uintptr_t unintptr[1];
  void *ptr;
 } PH_per;
 union {
  union {
   uint8_t eight[8];
   uint16_t sixteen[4];
   uint32_t thirtytwo[2];
   uint64_t sixtyfour[1];
   uintptr_t unintptr[1];
   void *ptr;
  } PH_loc;
  u_int memlen;
 };
};
struct ktls_session;
struct socket;
typedef void m_ext_free_t(struct mbuf *);
struct m_ext {
 union {
  volatile u_int ext_count;
  volatile u_int *ext_cnt;
 };
 uint32_t ext_size;
 uint32_t ext_type:8,
    ext_flags:24;
 union {
  struct {
   char *ext_buf;
   void *ext_arg2;
  };
  struct {
   vm_paddr_t extpg_pa[(40 / sizeof(vm_paddr_t))];
   char extpg_trail[64];
   char extpg_hdr[23];
  };
 };
 m_ext_free_t *ext_free;
 void *ext_arg1;
};
struct mbuf {
 union {
  struct mbuf *m_next;
  struct { struct mbuf *sle_next; } m_slist;
  struct { struct mbuf *stqe_next; } m_stailq;
 };
 union {
  struct mbuf *m_nextpkt;
  struct { struct mbuf *sle_next; } m_slistpkt;
  struct { struct mbuf *stqe_next; } m_stailqpkt;
 };
 caddr_t m_data;
 int32_t m_len;
 uint32_t m_type:8,
    m_flags:24;
 union {
  struct {
   union {
    struct pkthdr m_pkthdr;
    struct {
     uint8_t m_epg_npgs;
     uint8_t m_epg_nrdy;
     uint8_t m_epg_hdrlen;
     uint8_t m_epg_trllen;
     uint16_t m_epg_1st_off;
     uint16_t m_epg_last_len;
     uint8_t m_epg_flags;
     uint8_t m_epg_record_type;
     uint8_t __spare[2];
     int m_epg_enc_cnt;
     struct ktls_session *m_epg_tls;
     struct socket *m_epg_so;
     uint64_t m_epg_seqno;
     struct { struct mbuf *stqe_next; } m_epg_stailq;
    };
   };
   union {
    struct m_ext m_ext;
    char m_pktdat[0];
   };
  };
  char m_dat[0];
 };
};
static inline int
m_epg_pagelen(const struct mbuf *m, int pidx, int pgoff)
{
 do { } while (0);
 if (pidx == m->m_epg_npgs - 1) {
  return (m->m_epg_last_len);
 } else {
  return ((1<<12) - pgoff);
 }
}
union if_snd_tag_alloc_params;
extern uma_zone_t zone_mbuf;
extern uma_zone_t zone_clust;
extern uma_zone_t zone_pack;
extern uma_zone_t zone_jumbop;
extern uma_zone_t zone_jumbo9;
extern uma_zone_t zone_jumbo16;
extern uma_zone_t zone_extpgs;
void mb_dupcl(struct mbuf *, struct mbuf *);
void mb_free_ext(struct mbuf *);
void mb_free_extpg(struct mbuf *);
void mb_free_mext_pgs(struct mbuf *);
struct mbuf *mb_alloc_ext_pgs(int, m_ext_free_t);
struct mbuf *mb_alloc_ext_plus_pages(int, int);
struct mbuf *mb_mapped_to_unmapped(struct mbuf *, int, int, int,
      struct mbuf **);
int mb_unmapped_compress(struct mbuf *m);
struct mbuf *mb_unmapped_to_ext(struct mbuf *m);
void mb_free_notready(struct mbuf *m, int count);
void m_adj(struct mbuf *, int);
void m_adj_decap(struct mbuf *, int);
int m_apply(struct mbuf *, int, int,
      int (*)(void *, void *, u_int), void *);
int m_append(struct mbuf *, int, c_caddr_t);
void m_cat(struct mbuf *, struct mbuf *);
void m_catpkt(struct mbuf *, struct mbuf *);
int m_clget(struct mbuf *m, int how);
void *m_cljget(struct mbuf *m, int how, int size);
struct mbuf *m_collapse(struct mbuf *, int, int);
void m_copyback(struct mbuf *, int, int, c_caddr_t);
void m_copydata(const struct mbuf *, int, int, caddr_t);
struct mbuf *m_copym(struct mbuf *, int, int, int);
struct mbuf *m_copypacket(struct mbuf *, int);
void m_copy_pkthdr(struct mbuf *, struct mbuf *);
struct mbuf *m_copyup(struct mbuf *, int, int);
struct mbuf *m_defrag(struct mbuf *, int);
void m_demote_pkthdr(struct mbuf *);
void m_demote(struct mbuf *, int, int);
struct mbuf *m_devget(char *, int, int, struct ifnet *,
      void (*)(char *, caddr_t, u_int));
void m_dispose_extcontrolm(struct mbuf *m);
struct mbuf *m_dup(const struct mbuf *, int);
int m_dup_pkthdr(struct mbuf *, const struct mbuf *, int);
void m_extadd(struct mbuf *, char *, u_int, m_ext_free_t,
      void *, void *, int, int);
u_int m_fixhdr(struct mbuf *);
struct mbuf *m_fragment(struct mbuf *, int, int);
void m_freem(struct mbuf *);
void m_freemp(struct mbuf *);
void m_free_raw(struct mbuf *);
struct mbuf *m_get2(int, int, short, int);
struct mbuf *m_get3(int, int, short, int);
struct mbuf *m_getjcl(int, short, int, int);
struct mbuf *m_getm2(struct mbuf *, int, int, short, int);
struct mbuf *m_getptr(struct mbuf *, int, int *);
u_int m_length(struct mbuf *, struct mbuf **);
int m_mbuftouio(struct uio *, const struct mbuf *, int);
void m_move_pkthdr(struct mbuf *, struct mbuf *);
int m_pkthdr_init(struct mbuf *, int);
struct mbuf *m_prepend(struct mbuf *, int, int);
void m_print(const struct mbuf *, int);
struct mbuf *m_pulldown(struct mbuf *, int, int, int *);
struct mbuf *m_pullup(struct mbuf *, int);
int m_sanity(struct mbuf *, int);
struct mbuf *m_split(struct mbuf *, int, int);
struct mbuf *m_uiotombuf(struct uio *, int, int, int, int);
int m_unmapped_uiomove(const struct mbuf *, int, struct uio *,
      int);
struct mbuf *m_unshare(struct mbuf *, int);
int m_snd_tag_alloc(struct ifnet *,
      union if_snd_tag_alloc_params *, struct m_snd_tag **);
void m_snd_tag_init(struct m_snd_tag *, struct ifnet *,
      const struct if_snd_tag_sw *);
void m_snd_tag_destroy(struct m_snd_tag *);
void m_rcvif_serialize(struct mbuf *);
struct ifnet *m_rcvif_restore(struct mbuf *);
static __inline int
m_gettype(int size)
{
 int type;
 switch (size) {
 case 256:
  type = 7;
  break;
 case (1 << 11):
  type = 1;
  break;
 case (1<<12):
  type = 3;
  break;
 case (9 * 1024):
  type = 4;
  break;
 case (16 * 1024):
  type = 5;
  break;
 default:
  panic("%s: invalid cluster size %d", __func__, size);
 }
 return (type);
}
static __inline void
m_extaddref(struct mbuf *m, char *buf, u_int size, u_int *ref_cnt,
    m_ext_free_t freef, void *arg1, void *arg2)
{
 do { } while (0);
 atomic_add_int(ref_cnt, 1);
 m->m_flags |= 0x00000001;
 m->m_ext.ext_buf = buf;
 m->m_ext.ext_cnt = ref_cnt;
 m->m_data = m->m_ext.ext_buf;
 m->m_ext.ext_size = size;
 m->m_ext.ext_free = freef;
 m->m_ext.ext_arg1 = arg1;
 m->m_ext.ext_arg2 = arg2;
 m->m_ext.ext_type = 255;
 m->m_ext.ext_flags = 0;
}
static __inline uma_zone_t
m_getzone(int size)
{
 uma_zone_t zone;
 switch (size) {
 case (1 << 11):
  zone = zone_clust;
  break;
 case (1<<12):
  zone = zone_jumbop;
  break;
 case (9 * 1024):
  zone = zone_jumbo9;
  break;
 case (16 * 1024):
  zone = zone_jumbo16;
  break;
 default:
  panic("%s: invalid cluster size %d", __func__, size);
 }
 return (zone);
}
static __inline int
m_init(struct mbuf *m, int how, short type, int flags)
{
 int error;
 m->m_next = ((void *)0);
 m->m_nextpkt = ((void *)0);
 m->m_data = m->m_dat;
 m->m_len = 0;
 m->m_flags = flags;
 m->m_type = type;
 if (flags & 0x00000002)
  error = m_pkthdr_init(m, how);
 else
  error = 0;
                                                 ;
 return (error);
}
static __inline struct mbuf *
m_get_raw(int how, short type)
{
 struct mbuf *m;
 struct mb_args args;
 args.flags = 0;
 args.type = type | 255;
 m = uma_zalloc_arg(zone_mbuf, &args, how);
                                      ;
 return (m);
}
static __inline struct mbuf *
m_get(int how, short type)
{
 struct mbuf *m;
 struct mb_args args;
 args.flags = 0;
 args.type = type;
 m = uma_zalloc_arg(zone_mbuf, &args, how);
                                  ;
 return (m);
}
static __inline struct mbuf *
m_gethdr_raw(int how, short type)
{
 struct mbuf *m;
 struct mb_args args;
 args.flags = 0x00000002;
 args.type = type | 255;
 m = uma_zalloc_arg(zone_mbuf, &args, how);
                                         ;
 return (m);
}
static __inline struct mbuf *
m_gethdr(int how, short type)
{
 struct mbuf *m;
 struct mb_args args;
 args.flags = 0x00000002;
 args.type = type;
 m = uma_zalloc_arg(zone_mbuf, &args, how);
                                     ;
 return (m);
}
static __inline struct mbuf *
m_getcl(int how, short type, int flags)
{
 struct mbuf *m;
 struct mb_args args;
 args.flags = flags;
 args.type = type;
 m = uma_zalloc_arg(zone_pack, &args, how);
                                           ;
 return (m);
}
static __inline void
m_cljset(struct mbuf *m, void *cl, int type)
{
 int size;
 switch (type) {
 case 1:
  size = (1 << 11);
  break;
 case 3:
  size = (1<<12);
  break;
 case 4:
  size = (9 * 1024);
  break;
 case 5:
  size = (16 * 1024);
  break;
 default:
  panic("%s: unknown cluster type %d", __func__, type);
  break;
 }
 m->m_data = m->m_ext.ext_buf = cl;
 m->m_ext.ext_free = m->m_ext.ext_arg1 = m->m_ext.ext_arg2 = ((void *)0);
 m->m_ext.ext_size = size;
 m->m_ext.ext_type = type;
 m->m_ext.ext_flags = 0x000001;
 m->m_ext.ext_count = 1;
 m->m_flags |= 0x00000001;
                                    ;
}
static __inline void
m_chtype(struct mbuf *m, short new_type)
{
 m->m_type = new_type;
}
static __inline void
m_clrprotoflags(struct mbuf *m)
{
 while (m) {
  m->m_flags &= ~(0x00002000|0x00004000|0x00008000|0x00010000|0x00020000|0x00040000|0x00080000|0x00100000| 0x00200000|0x00400000|0x00800000);
  m = m->m_next;
 }
}
static __inline struct mbuf *
m_last(struct mbuf *m)
{
 while (m->m_next)
  m = m->m_next;
 return (m);
}
static inline u_int
m_extrefcnt(struct mbuf *m)
{
 do { } while (0);
 return ((m->m_ext.ext_flags & 0x000001) ? m->m_ext.ext_count :
     *m->m_ext.ext_cnt);
}
static __inline void
m_align(struct mbuf *m, int len)
{
 int adjust;
 do { } while (0);
 adjust = (((m)->m_flags & 0x00000001) ? (m)->m_ext.ext_size : ((m)->m_flags & 0x00000002) ? ((int)(256 - __builtin_offsetof(struct mbuf, m_pktdat))) : ((int)(256 - __builtin_offsetof(struct mbuf, m_dat)))) - len;
 m->m_data += adjust &~ (sizeof(long)-1);
}
static __inline struct ifnet *
m_rcvif(struct mbuf *m)
{
 do { } while (0);
 if (m->m_pkthdr.csum_flags & 0x80000000)
  return (((void *)0));
 return (m->m_pkthdr.rcvif);
}
extern u_int max_linkhdr;
extern u_int max_hdr;
extern u_int max_protohdr;
void max_linkhdr_grow(u_int);
void max_protohdr_grow(u_int);
extern int nmbclusters;
extern bool mb_use_ext_pgs;
struct m_tag *m_tag_alloc(uint32_t, uint16_t, int, int);
void m_tag_delete(struct mbuf *, struct m_tag *);
void m_tag_delete_chain(struct mbuf *, struct m_tag *);
void m_tag_free_default(struct m_tag *);
struct m_tag *m_tag_locate(struct mbuf *, uint32_t, uint16_t,
    struct m_tag *);
struct m_tag *m_tag_copy(struct m_tag *, int);
int m_tag_copy_chain(struct mbuf *, const struct mbuf *, int);
void m_tag_delete_nonpersistent(struct mbuf *);
static __inline void
m_tag_init(struct mbuf *m)
{
 do { (((&m->m_pkthdr.tags))->slh_first) = ((void *)0); } while (0);
}
static __inline void
m_tag_setup(struct m_tag *t, uint32_t cookie, uint16_t type, int len)
{
 t->m_tag_id = type;
 t->m_tag_len = len;
 t->m_tag_cookie = cookie;
}
static __inline void
m_tag_free(struct m_tag *t)
{
 (*t->m_tag_free)(t);
}
static __inline struct m_tag *
m_tag_first(struct mbuf *m)
{
 return (((&m->m_pkthdr.tags)->slh_first));
}
static __inline struct m_tag *
m_tag_next(struct mbuf *m __attribute__((__unused__)), struct m_tag *t)
{
 return (((t)->m_tag_link.sle_next));
}
static __inline void
m_tag_prepend(struct mbuf *m, struct m_tag *t)
{
 do { (((t))->m_tag_link.sle_next) = (((&m->m_pkthdr.tags))->slh_first); (((&m->m_pkthdr.tags))->slh_first) = (t); } while (0);
}
static __inline void
m_tag_unlink(struct mbuf *m, struct m_tag *t)
{
 do { if ((((&m->m_pkthdr.tags))->slh_first) == (t)) { do { ; ((((&m->m_pkthdr.tags)))->slh_first) = ((((((&m->m_pkthdr.tags)))->slh_first))->m_tag_link.sle_next); ; } while (0); } else { struct m_tag *curelm = ((&m->m_pkthdr.tags)->slh_first); while (((curelm)->m_tag_link.sle_next) != (t)) curelm = ((curelm)->m_tag_link.sle_next); do { ; ((curelm)->m_tag_link.sle_next) = ((((curelm)->m_tag_link.sle_next))->m_tag_link.sle_next); ; } while (0); } } while (0);
}
static __inline struct m_tag *
m_tag_get(uint16_t type, int length, int wait)
{
 return (m_tag_alloc(0, type, length, wait));
}
static __inline struct m_tag *
m_tag_find(struct mbuf *m, uint16_t type, struct m_tag *start)
{
 return (((&m->m_pkthdr.tags)->slh_first == ((void *)0)) ? (struct m_tag *)((void *)0) :
     m_tag_locate(m, 0, type, start));
}
static inline struct m_snd_tag *
m_snd_tag_ref(struct m_snd_tag *mst)
{
 refcount_acquire(&mst->refcount);
 return (mst);
}
static inline void
m_snd_tag_rele(struct m_snd_tag *mst)
{
 if (refcount_release(&mst->refcount))
  m_snd_tag_destroy(mst);
}
static __inline struct mbuf *
m_free(struct mbuf *m)
{
 struct mbuf *n = m->m_next;
                        ;
 if ((m->m_flags & (0x00000002|0x00000200)) == (0x00000002|0x00000200))
  m_tag_delete_chain(m, ((void *)0));
 if (m->m_flags & 0x00000002 && m->m_pkthdr.csum_flags & 0x80000000)
  m_snd_tag_rele(m->m_pkthdr.snd_tag);
 if (m->m_flags & 0x00000100)
  mb_free_extpg(m);
 else if (m->m_flags & 0x00000001)
  mb_free_ext(m);
 else if ((m->m_flags & 0x00000200) == 0)
  uma_zfree(zone_mbuf, m);
 return (n);
}
static __inline int
rt_m_getfib(struct mbuf *m)
{
 do { } while (0);
 return (m->m_pkthdr.fibnum);
}
uint32_t m_ether_tcpip_hash_init(void);
uint32_t m_ether_tcpip_hash(const uint32_t, const struct mbuf *, uint32_t);
uint32_t m_infiniband_tcpip_hash_init(void);
uint32_t m_infiniband_tcpip_hash(const uint32_t, const struct mbuf *, uint32_t);
struct mbufq {
 struct { struct mbuf *stqh_first; struct mbuf **stqh_last; } mq_head;
 int mq_len;
 int mq_maxlen;
};
static inline void
mbufq_init(struct mbufq *mq, int maxlen)
{
 do { (((&mq->mq_head))->stqh_first) = ((void *)0); (&mq->mq_head)->stqh_last = &(((&mq->mq_head))->stqh_first); } while (0);
 mq->mq_maxlen = maxlen;
 mq->mq_len = 0;
}
static inline struct mbuf *
mbufq_flush(struct mbufq *mq)
{
 struct mbuf *m;
 m = ((&mq->mq_head)->stqh_first);
 do { (((&mq->mq_head))->stqh_first) = ((void *)0); (&mq->mq_head)->stqh_last = &(((&mq->mq_head))->stqh_first); } while (0);
 mq->mq_len = 0;
 return (m);
}
static inline void
mbufq_drain(struct mbufq *mq)
{
 struct mbuf *m, *n;
 n = mbufq_flush(mq);
 while ((m = n) != ((void *)0)) {
  n = ((m)->m_stailqpkt.stqe_next);
  m_freem(m);
 }
}
static inline struct mbuf *
mbufq_first(const struct mbufq *mq)
{
 return (((&mq->mq_head)->stqh_first));
}
static inline struct mbuf *
mbufq_last(const struct mbufq *mq)
{
 return (((((&mq->mq_head))->stqh_first == ((void *)0)) ? ((void *)0) : ({ const volatile __typeof(((struct mbuf *)0)->m_stailqpkt.stqe_next) *__x = ((&mq->mq_head)->stqh_last); ((struct mbuf *)(__uintptr_t)(const volatile void *)((const volatile char *)__x - __builtin_offsetof(struct mbuf, m_stailqpkt.stqe_next)));})));
}
static inline bool
mbufq_empty(const struct mbufq *mq)
{
 return (mq->mq_len == 0);
}
static inline int
mbufq_full(const struct mbufq *mq)
{
 return (mq->mq_maxlen > 0 && mq->mq_len >= mq->mq_maxlen);
}
static inline int
mbufq_len(const struct mbufq *mq)
{
 return (mq->mq_len);
}
static inline int
mbufq_enqueue(struct mbufq *mq, struct mbuf *m)
{
 if (mbufq_full(mq))
  return (55);
 do { (((m))->m_stailqpkt.stqe_next) = ((void *)0); *(&mq->mq_head)->stqh_last = (m); (&mq->mq_head)->stqh_last = &(((m))->m_stailqpkt.stqe_next); } while (0);
 mq->mq_len++;
 return (0);
}
static inline struct mbuf *
mbufq_dequeue(struct mbufq *mq)
{
 struct mbuf *m;
 m = ((&mq->mq_head)->stqh_first);
 if (m) {
  do { if (((((&mq->mq_head))->stqh_first) = (((((&mq->mq_head))->stqh_first))->m_stailqpkt.stqe_next)) == ((void *)0)) (&mq->mq_head)->stqh_last = &(((&mq->mq_head))->stqh_first); } while (0);
  m->m_nextpkt = ((void *)0);
  mq->mq_len--;
 }
 return (m);
}
static inline void
mbufq_prepend(struct mbufq *mq, struct mbuf *m)
{
 do { if (((((m))->m_stailqpkt.stqe_next) = (((&mq->mq_head))->stqh_first)) == ((void *)0)) (&mq->mq_head)->stqh_last = &(((m))->m_stailqpkt.stqe_next); (((&mq->mq_head))->stqh_first) = (m); } while (0);
 mq->mq_len++;
}
static inline void
mbufq_concat(struct mbufq *mq_dst, struct mbufq *mq_src)
{
 mq_dst->mq_len += mq_src->mq_len;
 do { if (!(((&mq_src->mq_head))->stqh_first == ((void *)0))) { *(&mq_dst->mq_head)->stqh_last = (&mq_src->mq_head)->stqh_first; (&mq_dst->mq_head)->stqh_last = (&mq_src->mq_head)->stqh_last; do { ((((&mq_src->mq_head)))->stqh_first) = ((void *)0); ((&mq_src->mq_head))->stqh_last = &((((&mq_src->mq_head)))->stqh_first); } while (0); } } while (0);
 mq_src->mq_len = 0;
}
static inline void
mbuf_tstmp2timespec(struct mbuf *m, struct timespec *ts)
{
 do { } while (0);
 do { } while (0);
 ts->tv_sec = m->m_pkthdr.rcv_tstmp / 1000000000;
 ts->tv_nsec = m->m_pkthdr.rcv_tstmp % 1000000000;
}
static inline void
mbuf_tstmp2timeval(struct mbuf *m, struct timeval *tv)
{
 do { } while (0);
 do { } while (0);
 tv->tv_sec = m->m_pkthdr.rcv_tstmp / 1000000000;
 tv->tv_usec = (m->m_pkthdr.rcv_tstmp % 1000000000) / 1000;
}
static inline bool
mbuf_has_tls_session(struct mbuf *m)
{
 if (m->m_flags & 0x00000100) {
  if (m->m_epg_tls != ((void *)0)) {
   return (1);
  }
 }
 return (0);
}
typedef enum modeventtype {
 MOD_LOAD,
 MOD_UNLOAD,
 MOD_SHUTDOWN,
 MOD_QUIESCE
} modeventtype_t;
typedef struct module *module_t;
typedef int (*modeventhand_t)(module_t, int , void *);
typedef struct moduledata {
 const char *name;
 modeventhand_t evhand;
 void *priv;
} moduledata_t;
typedef union modspecific {
 int intval;
 u_int uintval;
 long longval;
 u_long ulongval;
} modspecific_t;
struct mod_depend {
 int md_ver_minimum;
 int md_ver_preferred;
 int md_ver_maximum;
};
struct mod_version {
 int mv_version;
};
struct mod_metadata {
 int md_version;
 int md_type;
 const void *md_data;
 const char *md_cval;
};
struct mod_pnp_match_info
{
 const char *descr;
 const char *bus;
 const void *table;
 int entry_len;
 int num_entry;
};
extern struct sx modules_sx;
struct linker_file;
void module_register_init(const void *);
int module_register(const struct moduledata *, struct linker_file *);
module_t module_lookupbyname(const char *);
module_t module_lookupbyid(int);
int module_quiesce(module_t);
void module_reference(module_t);
void module_release(module_t);
int module_unload(module_t);
int module_getid(module_t);
module_t module_getfnext(module_t);
const char * module_getname(module_t);
void module_setspecific(module_t, modspecific_t *);
struct linker_file *module_file(module_t);
struct module_stat {
 int version;
 char name[1024];
 int refs;
 int id;
 modspecific_t data;
};
struct lock_profile_object;
struct lpohead { struct lock_profile_object *lh_first; };
;
                                                  ;
                                                  ;
                                               ;
                                                ;
                                              ;
                                              ;
                                           ;
                                            ;
                                            ;
                                          ;
                                         ;
                                            ;
                                              ;
                                            ;
                                            ;
                                          ;
                                         ;
                                            ;
                                              ;
                                                 ;
                                                 ;
                                                ;
                                               ;
                                                 ;
                                                   ;
                                             ;
extern volatile bool lockstat_enabled;
void _mtx_init(volatile uintptr_t *c, const char *name, const char *type,
     int opts);
void _mtx_destroy(volatile uintptr_t *c);
void mtx_sysinit(void *arg);
int _mtx_trylock_flags_int(struct mtx *m, int opts , const char *file, int line);
int _mtx_trylock_flags_(volatile uintptr_t *c, int opts, const char *file,
     int line);
void mutex_init(void);
void __mtx_lock_sleep(volatile uintptr_t *c, uintptr_t v, int opts,
     const char *file, int line);
void __mtx_unlock_sleep(volatile uintptr_t *c, uintptr_t v, int opts,
     const char *file, int line);
void mtx_wait_unlocked(struct mtx *m);
void _mtx_lock_spin_cookie(volatile uintptr_t *c, uintptr_t v, int opts,
     const char *file, int line);
void __mtx_lock_flags(volatile uintptr_t *c, int opts, const char *file,
     int line);
void __mtx_unlock_flags(volatile uintptr_t *c, int opts, const char *file,
     int line);
void __mtx_lock_spin_flags(volatile uintptr_t *c, int opts, const char *file,
      int line);
int __mtx_trylock_spin_flags(volatile uintptr_t *c, int opts,
      const char *file, int line);
void __mtx_unlock_spin_flags(volatile uintptr_t *c, int opts,
     const char *file, int line);
void mtx_spin_wait_unlocked(struct mtx *m);
void thread_lock_flags_(struct thread *, int, const char *, int);
void _thread_lock(struct thread *td, int opts, const char *file, int line);
struct mtx_pool;
struct mtx_pool *mtx_pool_create(const char *mtx_name, int pool_size, int opts);
void mtx_pool_destroy(struct mtx_pool **poolp);
struct mtx *mtx_pool_find(struct mtx_pool *pool, void *ptr);
struct mtx *mtx_pool_alloc(struct mtx_pool *pool);
extern struct mtx_pool *mtxpool_sleep;
extern struct mtx Giant;
extern struct mtx blocked_lock;
struct mtx_args {
 void *ma_mtx;
 const char *ma_desc;
 int ma_opts;
};
struct kevent {
 __uintptr_t ident;
 short filter;
 unsigned short flags;
 unsigned int fflags;
 __int64_t data;
 void *udata;
 __uint64_t ext[4];
};
struct kevent32 {
 __uint32_t ident;
 short filter;
 unsigned short flags;
 unsigned int fflags;
 __uint32_t data1, data2;
 __uint32_t udata;
 __uint32_t ext64[8];
};
struct knote;
struct klist { struct knote *slh_first; };
struct kqueue;
struct kqlist { struct kqueue *tqh_first; struct kqueue **tqh_last; };
struct knlist {
 struct klist kl_list;
 void (*kl_lock)(void *);
 void (*kl_unlock)(void *);
 void (*kl_assert_lock)(void *, int);
 void *kl_lockarg;
 int kl_autodestroy;
};
struct filterops {
 int f_isfd;
 int (*f_attach)(struct knote *kn);
 void (*f_detach)(struct knote *kn);
 int (*f_event)(struct knote *kn, long hint);
 void (*f_touch)(struct knote *kn, struct kevent *kev, u_long type);
};
struct knote {
 struct { struct knote *sle_next; } kn_link;
 struct { struct knote *sle_next; } kn_selnext;
 struct knlist *kn_knlist;
 struct { struct knote *tqe_next; struct knote **tqe_prev; } kn_tqe;
 struct kqueue *kn_kq;
 struct kevent kn_kevent;
 void *kn_hook;
 int kn_hookid;
 int kn_status;
 int kn_influx;
 int kn_sfflags;
 int64_t kn_sdata;
 union {
  struct file *p_fp;
  struct proc *p_proc;
  struct kaiocb *p_aio;
  struct aioliojob *p_lio;
  void *p_v;
 } kn_ptr;
 const struct filterops *kn_fop;
};
struct kevent_copyops {
 void *arg;
 int (*k_copyout)(void *arg, struct kevent *kevp, int count);
 int (*k_copyin)(void *arg, struct kevent *kevp, int count);
 size_t kevent_size;
};
struct thread;
struct proc;
struct knlist;
struct mtx;
struct rwlock;
void knote(struct knlist *list, long hint, int lockflags);
void knote_fork(struct knlist *list, int pid);
struct knlist *knlist_alloc(struct mtx *lock);
void knlist_detach(struct knlist *knl);
void knlist_add(struct knlist *knl, struct knote *kn, int islocked);
void knlist_remove(struct knlist *knl, struct knote *kn, int islocked);
int knlist_empty(struct knlist *knl);
void knlist_init(struct knlist *knl, void *lock, void (*kl_lock)(void *),
     void (*kl_unlock)(void *), void (*kl_assert_lock)(void *, int));
void knlist_init_mtx(struct knlist *knl, struct mtx *lock);
void knlist_destroy(struct knlist *knl);
void knlist_cleardel(struct knlist *knl, struct thread *td,
     int islocked, int killkn);
void knote_fdclose(struct thread *p, int fd);
int kqfd_register(int fd, struct kevent *kev, struct thread *p,
     int mflag);
int kqueue_add_filteropts(int filt, const struct filterops *filtops);
int kqueue_del_filteropts(int filt);
void kqueue_drain_schedtask(void);

struct eventhandler_entry {
 struct { struct eventhandler_entry *tqe_next; struct eventhandler_entry **tqe_prev; } ee_link;
 int ee_priority;
 void *ee_arg;
};
typedef struct eventhandler_entry *eventhandler_tag;
struct eventhandler_list;

struct cv {
 const char *cv_description;
 int cv_waiters;
};
struct lock_object;
void cv_init(struct cv *cvp, const char *desc);
void cv_destroy(struct cv *cvp);
void _cv_wait(struct cv *cvp, struct lock_object *lock);
void _cv_wait_unlock(struct cv *cvp, struct lock_object *lock);
int _cv_wait_sig(struct cv *cvp, struct lock_object *lock);
int _cv_timedwait_sbt(struct cv *cvp, struct lock_object *lock,
     sbintime_t sbt, sbintime_t pr, int flags);
int _cv_timedwait_sig_sbt(struct cv *cvp, struct lock_object *lock,
     sbintime_t sbt, sbintime_t pr, int flags);
void cv_signal(struct cv *cvp);
void cv_broadcastpri(struct cv *cvp, int pri);
struct osd {
 u_int osd_nslots;
 void **osd_slots;
 struct { struct osd *le_next; struct osd **le_prev; } osd_next;
};
typedef void (*osd_destructor_t)(void *value);
typedef int (*osd_method_t)(void *obj, void *data);
int osd_register(u_int type, osd_destructor_t destructor,
    osd_method_t *methods);
void osd_deregister(u_int type, u_int slot);
int osd_set(u_int type, struct osd *osd, u_int slot, void *value);
void **osd_reserve(u_int slot);
int osd_set_reserved(u_int type, struct osd *osd, u_int slot, void **rsv,
    void *value);
void osd_free_reserved(void **rsv);
void *osd_get(u_int type, struct osd *osd, u_int slot);
void osd_del(u_int type, struct osd *osd, u_int slot);
int osd_call(u_int type, u_int method, void *obj, void *data);
void osd_exit(u_int type, struct osd *osd);

struct rtprio {
 u_short type;
 u_short prio;
};
struct thread;
int rtp_to_pri(struct rtprio *, struct thread *);
void pri_to_rtp(struct thread *, struct rtprio *);
typedef u_int64_t rqb_word_t;

struct thread;
struct rqhead { struct thread *tqh_first; struct thread **tqh_last; };
struct rqbits {
 rqb_word_t rqb_bits[(1)];
};
struct runq {
 struct rqbits rq_status;
 struct rqhead rq_queues[(64)];
};
void runq_add(struct runq *, struct thread *, int);
void runq_add_pri(struct runq *, struct thread *, u_char, int);
int runq_check(struct runq *);
struct thread *runq_choose(struct runq *);
struct thread *runq_choose_from(struct runq *, u_char);
struct thread *runq_choose_fuzz(struct runq *, int);
void runq_init(struct runq *);
void runq_remove(struct runq *, struct thread *);
void runq_remove_idx(struct runq *, struct thread *, u_char *);

struct sigio {
 union {
  struct proc *siu_proc;
  struct pgrp *siu_pgrp;
 } sio_u;
 struct { struct sigio *sle_next; } sio_pgsigio;
 struct sigio **sio_myref;
 struct ucred *sio_ucred;
 pid_t sio_pgid;
};
struct sigiolst { struct sigio *slh_first; };
pid_t fgetown(struct sigio **sigiop);
int fsetown(pid_t pgid, struct sigio **sigiop);
void funsetown(struct sigio **sigiop);
void funsetownlst(struct sigiolst *sigiolst);
union sigval {
 int sival_int;
 void *sival_ptr;
 int sigval_int;
 void *sigval_ptr;
};
union sigval32 {
 int sival_int;
 __uint32_t sival_ptr;
 int sigval_int;
 __uint32_t sigval_ptr;
};

typedef long sig_atomic_t;
struct sigcontext {
 struct __sigset sc_mask;
 long sc_onstack;
 long sc_rdi;
 long sc_rsi;
 long sc_rdx;
 long sc_rcx;
 long sc_r8;
 long sc_r9;
 long sc_rax;
 long sc_rbx;
 long sc_rbp;
 long sc_r10;
 long sc_r11;
 long sc_r12;
 long sc_r13;
 long sc_r14;
 long sc_r15;
 int sc_trapno;
 short sc_fs;
 short sc_gs;
 long sc_addr;
 int sc_flags;
 short sc_es;
 short sc_ds;
 long sc_err;
 long sc_rip;
 long sc_cs;
 long sc_rflags;
 long sc_rsp;
 long sc_ss;
 long sc_len;
 long sc_fpformat;
 long sc_ownedfp;
 long sc_fpstate[64] __attribute__((__aligned__(16)));
 long sc_fsbase;
 long sc_gsbase;
 long sc_xfpustate;
 long sc_xfpustate_len;
 long sc_spare[4];
};
typedef void __sighandler_t(int);
struct pthread_attr;
struct sigevent {
 int sigev_notify;
 int sigev_signo;
 union sigval sigev_value;
 union {
  __lwpid_t _threadid;
  struct {
   void (*_function)(union sigval);
   struct pthread_attr **_attribute;
  } _sigev_thread;
  unsigned short _kevent_flags;
  long __spare__[8];
 } _sigev_un;
};
typedef struct __siginfo {
 int si_signo;
 int si_errno;
 int si_code;
 __pid_t si_pid;
 __uid_t si_uid;
 int si_status;
 void *si_addr;
 union sigval si_value;
 union {
  struct {
   int _trapno;
  } _fault;
  struct {
   int _timerid;
   int _overrun;
  } _timer;
  struct {
   int _mqd;
  } _mesgq;
  struct {
   long _band;
  } _poll;
  struct {
   int _syscall;
  } _capsicum;
  struct {
   long __spare1__;
   int __spare2__[7];
  } __spare__;
 } _reason;
} siginfo_t;
struct siginfo32 {
 int si_signo;
 int si_errno;
 int si_code;
 __pid_t si_pid;
 __uid_t si_uid;
 int si_status;
 uint32_t si_addr;
 union sigval32 si_value;
 union {
  struct {
   int _trapno;
  } _fault;
  struct {
   int _timerid;
   int _overrun;
  } _timer;
  struct {
   int _mqd;
  } _mesgq;
  struct {
   int32_t _band;
  } _poll;
  struct {
   int32_t __spare1__;
   int __spare2__[7];
  } __spare__;
 } _reason;
};
struct __siginfo;
struct sigaction {
 union {
  void (*__sa_handler)(int);
  void (*__sa_sigaction)(int, struct __siginfo *, void *);
 } __sigaction_u;
 int sa_flags;
 sigset_t sa_mask;
};
typedef __sighandler_t *sig_t;
typedef void __siginfohandler_t(int, struct __siginfo *, void *);
typedef struct sigaltstack stack_t;
struct sigaltstack {
 void *ss_sp;
 __size_t ss_size;
 int ss_flags;
};
struct sigvec {
 __sighandler_t *sv_handler;
 int sv_mask;
 int sv_flags;
};
struct sigstack {
 void *ss_sp;
 int ss_onstack;
};
__sighandler_t *signal(int, __sighandler_t *);
struct sigacts {
 sig_t ps_sigact[128];
 sigset_t ps_catchmask[128];
 sigset_t ps_sigonstack;
 sigset_t ps_sigintr;
 sigset_t ps_sigreset;
 sigset_t ps_signodefer;
 sigset_t ps_siginfo;
 sigset_t ps_sigignore;
 sigset_t ps_sigcatch;
 sigset_t ps_freebsd4;
 sigset_t ps_osigset;
 sigset_t ps_usertramp;
 int ps_flag;
 u_int ps_refcnt;
 struct mtx ps_mtx;
};
static __inline int
__sigisempty(sigset_t *set)
{
 int i;
 for (i = 0; i < 4; i++) {
  if (set->__bits[i])
   return (0);
 }
 return (1);
}
static __inline int
__sigseteq(sigset_t *set1, sigset_t *set2)
{
 int i;
 for (i = 0; i < 4; i++) {
  if (set1->__bits[i] != set2->__bits[i])
   return (0);
 }
 return (1);
}
typedef struct ksiginfo {
 struct { struct ksiginfo *tqe_next; struct ksiginfo **tqe_prev; } ksi_link;
 siginfo_t ksi_info;
 int ksi_flags;
 struct sigqueue *ksi_sigq;
} ksiginfo_t;
typedef struct sigqueue {
 sigset_t sq_signals;
 sigset_t sq_kill;
 sigset_t sq_ptrace;
 struct { struct ksiginfo *tqh_first; struct ksiginfo **tqh_last; } sq_list;
 struct proc *sq_proc;
 int sq_flags;
} sigqueue_t;
extern bool sigfastblock_fetch_always;
static __inline bool
sigsetmasked(sigset_t *set, sigset_t *mask)
{
 int i;
 for (i = 0; i < 4; i++) {
  if (set->__bits[i] & ~mask->__bits[i])
   return (0);
 }
 return (1);
}
static __inline void
ksiginfo_copy(ksiginfo_t *src, ksiginfo_t *dst)
{
 (dst)->ksi_info = src->ksi_info;
 (dst)->ksi_flags = (src->ksi_flags & (0x01 | 0x08 | 0x20));
}
static __inline void
ksiginfo_set_sigev(ksiginfo_t *dst, struct sigevent *sigev)
{
 dst->ksi_info.si_signo = sigev->sigev_signo;
 dst->ksi_info.si_value = sigev->sigev_value;
}
struct pgrp;
struct proc;
struct sigio;
struct thread;
extern struct mtx sigio_lock;
int sigdeferstop_impl(int mode);
void sigallowstop_impl(int prev);
static inline int
sigdeferstop(int mode)
{
 if (__builtin_expect((mode == 0), 0))
  return ((-1));
 return (sigdeferstop_impl(mode));
}
static inline void
sigallowstop(int prev)
{
 if (__builtin_expect((prev == (-1)), 1))
  return;
 sigallowstop_impl(prev);
}
int cursig(struct thread *td);
void execsigs(struct proc *p);
void killproc(struct proc *p, const char *why);
ksiginfo_t *ksiginfo_alloc(int mwait);
void ksiginfo_free(ksiginfo_t *ksi);
int pksignal(struct proc *p, int sig, ksiginfo_t *ksi);
void pgsigio(struct sigio **sigiop, int sig, int checkctty);
void pgsignal(struct pgrp *pgrp, int sig, int checkctty, ksiginfo_t *ksi);
int postsig(int sig);
void kern_psignal(struct proc *p, int sig);
int ptracestop(struct thread *td, int sig, ksiginfo_t *si);
void sendsig(sig_t catcher, ksiginfo_t *ksi, sigset_t *retmask);
struct sigacts *sigacts_alloc(void);
void sigacts_copy(struct sigacts *dest, struct sigacts *src);
void sigacts_free(struct sigacts *ps);
struct sigacts *sigacts_hold(struct sigacts *ps);
int sigacts_shared(struct sigacts *ps);
int sig_ast_checksusp(struct thread *td);
int sig_ast_needsigchk(struct thread *td);
void sig_drop_caught(struct proc *p);
void sigexit(struct thread *td, int sig) __attribute__((__noreturn__));
int sigev_findtd(struct proc *p, struct sigevent *sigev, struct thread **);
void sigfastblock_clear(struct thread *td);
void sigfastblock_fetch(struct thread *td);
int sig_intr(void);
void siginit(struct proc *p);
void signotify(struct thread *td);
void sigqueue_delete(struct sigqueue *queue, int sig);
void sigqueue_delete_proc(struct proc *p, int sig);
void sigqueue_flush(struct sigqueue *queue);
void sigqueue_init(struct sigqueue *queue, struct proc *p);
void sigqueue_take(ksiginfo_t *ksi);
void tdksignal(struct thread *td, int sig, ksiginfo_t *ksi);
int tdsendsignal(struct proc *p, struct thread *td, int sig,
    ksiginfo_t *ksi);
void tdsigcleanup(struct thread *td);
void tdsignal(struct thread *td, int sig);
void trapsignal(struct thread *td, ksiginfo_t *ksi);
typedef struct __mcontext {
 __register_t mc_onstack;
 __register_t mc_rdi;
 __register_t mc_rsi;
 __register_t mc_rdx;
 __register_t mc_rcx;
 __register_t mc_r8;
 __register_t mc_r9;
 __register_t mc_rax;
 __register_t mc_rbx;
 __register_t mc_rbp;
 __register_t mc_r10;
 __register_t mc_r11;
 __register_t mc_r12;
 __register_t mc_r13;
 __register_t mc_r14;
 __register_t mc_r15;
 __uint32_t mc_trapno;
 __uint16_t mc_fs;
 __uint16_t mc_gs;
 __register_t mc_addr;
 __uint32_t mc_flags;
 __uint16_t mc_es;
 __uint16_t mc_ds;
 __register_t mc_err;
 __register_t mc_rip;
 __register_t mc_cs;
 __register_t mc_rflags;
 __register_t mc_rsp;
 __register_t mc_ss;
 long mc_len;
 long mc_fpformat;
 long mc_ownedfp;
 long mc_fpstate[64] __attribute__((__aligned__(16)));
 __register_t mc_fsbase;
 __register_t mc_gsbase;
 __register_t mc_xfpustate;
 __register_t mc_xfpustate_len;
 long mc_spare[4];
} mcontext_t;
typedef struct __ucontext {
 __sigset_t uc_sigmask;
 mcontext_t uc_mcontext;
 struct __ucontext *uc_link;
 struct sigaltstack uc_stack;
 int uc_flags;
 int __spare__[4];
} ucontext_t;
struct thread;
int get_mcontext(struct thread *, mcontext_t *, int);
int set_mcontext(struct thread *, mcontext_t *);
typedef uid_t au_id_t;
typedef pid_t au_asid_t;
typedef u_int16_t au_event_t;
typedef u_int16_t au_emod_t;
typedef u_int32_t au_class_t;
typedef u_int64_t au_asflgs_t __attribute__ ((aligned (8)));
struct au_tid {
 u_int32_t port;
 u_int32_t machine;
};
typedef struct au_tid au_tid_t;
struct au_tid_addr {
 u_int32_t at_port;
 u_int32_t at_type;
 u_int32_t at_addr[4];
};
typedef struct au_tid_addr au_tid_addr_t;
struct au_mask {
 unsigned int am_success;
 unsigned int am_failure;
};
typedef struct au_mask au_mask_t;
struct auditinfo {
 au_id_t ai_auid;
 au_mask_t ai_mask;
 au_tid_t ai_termid;
 au_asid_t ai_asid;
};
typedef struct auditinfo auditinfo_t;
struct auditinfo_addr {
 au_id_t ai_auid;
 au_mask_t ai_mask;
 au_tid_addr_t ai_termid;
 au_asid_t ai_asid;
 au_asflgs_t ai_flags;
};
typedef struct auditinfo_addr auditinfo_addr_t;
struct auditpinfo {
 pid_t ap_pid;
 au_id_t ap_auid;
 au_mask_t ap_mask;
 au_tid_t ap_termid;
 au_asid_t ap_asid;
};
typedef struct auditpinfo auditpinfo_t;
struct auditpinfo_addr {
 pid_t ap_pid;
 au_id_t ap_auid;
 au_mask_t ap_mask;
 au_tid_addr_t ap_termid;
 au_asid_t ap_asid;
 au_asflgs_t ap_flags;
};
typedef struct auditpinfo_addr auditpinfo_addr_t;
struct au_session {
 auditinfo_addr_t *as_aia_p;
 au_mask_t as_mask;
};
typedef struct au_session au_session_t;
typedef struct au_token token_t;
struct au_qctrl {
 int aq_hiwater;
 int aq_lowater;
 int aq_bufsz;
 int aq_delay;
 int aq_minfree;
};
typedef struct au_qctrl au_qctrl_t;
struct audit_stat {
 unsigned int as_version;
 unsigned int as_numevent;
 int as_generated;
 int as_nonattrib;
 int as_kernel;
 int as_audit;
 int as_auditctl;
 int as_enqueue;
 int as_written;
 int as_wblocked;
 int as_rblocked;
 int as_dropped;
 int as_totalsize;
 unsigned int as_memused;
};
typedef struct audit_stat au_stat_t;
struct audit_fstat {
 u_int64_t af_filesz;
 u_int64_t af_currsz;
};
typedef struct audit_fstat au_fstat_t;
struct au_evclass_map {
 au_event_t ec_number;
 au_class_t ec_class;
};
typedef struct au_evclass_map au_evclass_map_t;
struct au_evname_map {
 au_event_t en_number;
 char en_name[64];
};
typedef struct au_evname_map au_evname_map_t;

struct loginclass;
struct ucred {
 struct mtx cr_mtx;
 long cr_ref;
 u_int cr_users;
 u_int cr_flags;
 struct auditinfo_addr cr_audit;
 uid_t cr_uid;
 uid_t cr_ruid;
 uid_t cr_svuid;
 int cr_ngroups;
 gid_t cr_rgid;
 gid_t cr_svgid;
 struct uidinfo *cr_uidinfo;
 struct uidinfo *cr_ruidinfo;
 struct prison *cr_prison;
 struct loginclass *cr_loginclass;
 void *cr_pspare2[2];
 struct label *cr_label;
 gid_t *cr_groups;
 int cr_agroups;
 gid_t cr_smallgroups[16];
};
struct xucred {
 u_int cr_version;
 uid_t cr_uid;
 short cr_ngroups;
 gid_t cr_groups[16];
 union {
  void *_cr_unused1;
  pid_t cr_pid;
 };
};
struct proc;
struct thread;
struct credbatch {
 struct ucred *cred;
 int users;
 int ref;
};
static inline void
credbatch_prep(struct credbatch *crb)
{
 crb->cred = ((void *)0);
 crb->users = 0;
 crb->ref = 0;
}
void credbatch_add(struct credbatch *crb, struct thread *td);
static inline void
credbatch_process(struct credbatch *crb __attribute__((__unused__)))
{
}
void credbatch_final(struct credbatch *crb);
void change_egid(struct ucred *newcred, gid_t egid);
void change_euid(struct ucred *newcred, struct uidinfo *euip);
void change_rgid(struct ucred *newcred, gid_t rgid);
void change_ruid(struct ucred *newcred, struct uidinfo *ruip);
void change_svgid(struct ucred *newcred, gid_t svgid);
void change_svuid(struct ucred *newcred, uid_t svuid);
void crcopy(struct ucred *dest, struct ucred *src);
struct ucred *crcopysafe(struct proc *p, struct ucred *cr);
struct ucred *crdup(struct ucred *cr);
void crextend(struct ucred *cr, int n);
void proc_set_cred_init(struct proc *p, struct ucred *cr);
void proc_set_cred(struct proc *p, struct ucred *cr);
void proc_unset_cred(struct proc *p);
void crfree(struct ucred *cr);
struct ucred *crcowsync(void);
struct ucred *crget(void);
struct ucred *crhold(struct ucred *cr);
struct ucred *crcowget(struct ucred *cr);
void crcowfree(struct thread *td);
void cru2x(struct ucred *cr, struct xucred *xcr);
void cru2xt(struct thread *td, struct xucred *xcr);
void crsetgroups(struct ucred *cr, int n, gid_t *groups);
bool groupmember(gid_t gid, struct ucred *cred);
bool realgroupmember(gid_t gid, struct ucred *cred);

struct _domainset { long __bits[(((((8)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8))))]; };
typedef struct _domainset domainset_t;
struct domainset;
struct domainset_ref {
 struct domainset * volatile dr_policy;
 unsigned int dr_iter;
};

struct env87 {
 int32_t en_cw;
 int32_t en_sw;
 int32_t en_tw;
 int32_t en_fip;
 uint16_t en_fcs;
 uint16_t en_opcode;
 int32_t en_foo;
 int32_t en_fos;
};
struct fpacc87 {
 uint8_t fp_bytes[10];
};
struct save87 {
 struct env87 sv_env;
 struct fpacc87 sv_ac[8];
 uint8_t sv_pad0[4];
 uint8_t sv_pad[64];
};
struct xmmacc {
 uint8_t xmm_bytes[16];
};
struct ymmacc {
 uint8_t ymm_bytes[16];
};
struct envxmm32 {
 uint16_t en_cw;
 uint16_t en_sw;
 uint16_t en_tw;
 uint16_t en_opcode;
 uint32_t en_fip;
 uint16_t en_fcs;
 uint16_t en_pad0;
 uint32_t en_foo;
 uint16_t en_fos;
 uint16_t en_pad1;
 uint32_t en_mxcsr;
 uint32_t en_mxcsr_mask;
};
struct envxmm {
 uint16_t en_cw;
 uint16_t en_sw;
 uint8_t en_tw;
 uint8_t en_zero;
 uint16_t en_opcode;
 uint64_t en_rip;
 uint64_t en_rdp;
 uint32_t en_mxcsr;
 uint32_t en_mxcsr_mask;
};
struct savexmm {
 struct envxmm32 sv_env;
 struct {
  struct fpacc87 fp_acc;
  uint8_t fp_pad[6];
 } sv_fp[8];
 struct xmmacc sv_xmm[8];
 uint8_t sv_pad[224];
} __attribute__((__aligned__(16)));
struct savefpu {
 struct envxmm sv_env;
 struct {
  struct fpacc87 fp_acc;
  uint8_t fp_pad[6];
 } sv_fp[8];
 struct xmmacc sv_xmm[16];
 uint8_t sv_pad[96];
} __attribute__((__aligned__(16)));
struct xstate_hdr {
 uint64_t xstate_bv;
 uint64_t xstate_xcomp_bv;
 uint8_t xstate_rsrv0[8];
 uint8_t xstate_rsrv[40];
};
struct savexmm_xstate {
 struct xstate_hdr sx_hd;
 struct ymmacc sx_ymm[16];
};
struct savexmm_ymm {
 struct envxmm32 sv_env;
 struct {
  struct fpacc87 fp_acc;
  int8_t fp_pad[6];
 } sv_fp[8];
 struct xmmacc sv_xmm[16];
 uint8_t sv_pad[96];
 struct savexmm_xstate sv_xstate;
} __attribute__((__aligned__(64)));
struct savefpu_xstate {
 struct xstate_hdr sx_hd;
 struct ymmacc sx_ymm[16];
};
struct savefpu_ymm {
 struct envxmm sv_env;
 struct {
  struct fpacc87 fp_acc;
  int8_t fp_pad[6];
 } sv_fp[8];
 struct xmmacc sv_xmm[16];
 uint8_t sv_pad[96];
 struct savefpu_xstate sv_xstate;
} __attribute__((__aligned__(64)));
struct fpu_kern_ctx;
void fpudna(void);
void fpudrop(void);
void fpuexit(struct thread *td);
int fpuformat(void);
int fpugetregs(struct thread *td);
void fpuinit(void);
void fpurestore(void *addr);
void fpuresume(void *addr);
void fpusave(void *addr);
int fpusetregs(struct thread *td, struct savefpu *addr,
     char *xfpustate, size_t xfpustate_size);
int fpusetxstate(struct thread *td, char *xfpustate,
     size_t xfpustate_size);
void fpususpend(void *addr);
int fputrap_sse(void);
int fputrap_x87(void);
void fpuuserinited(struct thread *td);
struct fpu_kern_ctx *fpu_kern_alloc_ctx(u_int flags);
struct fpu_kern_ctx *fpu_kern_alloc_ctx_domain(int domain, u_int flags);
void fpu_kern_free_ctx(struct fpu_kern_ctx *ctx);
void fpu_kern_enter(struct thread *td, struct fpu_kern_ctx *ctx,
     u_int flags);
int fpu_kern_leave(struct thread *td, struct fpu_kern_ctx *ctx);
int fpu_kern_thread(u_int flags);
int is_fpu_kern_thread(u_int flags);
struct savefpu *fpu_save_area_alloc(void);
void fpu_save_area_free(struct savefpu *fsa);
void fpu_save_area_reset(struct savefpu *fsa);
struct pcb {
 register_t pcb_r15;
 register_t pcb_r14;
 register_t pcb_r13;
 register_t pcb_r12;
 register_t pcb_rbp;
 register_t pcb_rsp;
 register_t pcb_rbx;
 register_t pcb_rip;
 register_t pcb_fsbase;
 register_t pcb_gsbase;
 register_t pcb_kgsbase;
 register_t pcb_cr0;
 register_t pcb_cr2;
 register_t pcb_cr3;
 register_t pcb_cr4;
 register_t pcb_dr0;
 register_t pcb_dr1;
 register_t pcb_dr2;
 register_t pcb_dr3;
 register_t pcb_dr6;
 register_t pcb_dr7;
 struct region_descriptor pcb_gdt;
 struct region_descriptor pcb_idt;
 struct region_descriptor pcb_ldt;
 uint16_t pcb_tr;
 u_int pcb_flags;
 uint16_t pcb_initial_fpucw;
 caddr_t pcb_onfault;
 uint64_t pcb_saved_ucr3;
 struct amd64tss *pcb_tssp;
 register_t pcb_efer;
 register_t pcb_star;
 register_t pcb_lstar;
 register_t pcb_cstar;
 register_t pcb_sfmask;
 struct savefpu *pcb_save;
 uint64_t pcb_pad[5];
};
struct susppcb {
 struct pcb sp_pcb;
 void *sp_fpususpend;
};
struct trapframe;
void clear_pcb_flags(struct pcb *pcb, const u_int flags);
void makectx(struct trapframe *, struct pcb *);
void set_pcb_flags(struct pcb *pcb, const u_int flags);
void set_pcb_flags_raw(struct pcb *pcb, const u_int flags);
int savectx(struct pcb *) __attribute__((__returns_twice__));
void resumectx(struct pcb *);
struct proc_ldt {
 caddr_t ldt_base;
 int ldt_refcnt;
};
struct pmap_invl_gen {
 u_long gen;
 union {
  struct { struct pmap_invl_gen *le_next; struct pmap_invl_gen **le_prev; } link;
  struct {
   struct pmap_invl_gen *next;
   u_char saved_pri;
  };
 };
} __attribute__((__aligned__(16)));
struct mdthread {
 int md_spinlock_count;
 register_t md_saved_flags;
 register_t md_spurflt_addr;
 struct pmap_invl_gen md_invl_gen;
 register_t md_efirt_tmp;
 int md_efirt_dis_pf;
 struct pcb md_pcb;
 vm_offset_t md_stack_base;
 void *md_usr_fpu_save;
};
struct mdproc {
 struct proc_ldt *md_ldt;
 struct system_segment_descriptor md_ldt_sd;
 u_int md_flags;
};
struct proc_ldt *user_ldt_alloc(struct proc *, int);
void user_ldt_free(struct thread *);
struct sysarch_args;
int sysarch_ldt(struct thread *td, struct sysarch_args *uap, int uap_space);
int amd64_set_ldt_data(struct thread *td, int start, int num,
    struct user_segment_descriptor *descs);
extern struct mtx dt_lock;
extern int max_ldt_segment;

struct trapframe {
 register_t tf_rdi;
 register_t tf_rsi;
 register_t tf_rdx;
 register_t tf_rcx;
 register_t tf_r8;
 register_t tf_r9;
 register_t tf_rax;
 register_t tf_rbx;
 register_t tf_rbp;
 register_t tf_r10;
 register_t tf_r11;
 register_t tf_r12;
 register_t tf_r13;
 register_t tf_r14;
 register_t tf_r15;
 uint32_t tf_trapno;
 uint16_t tf_fs;
 uint16_t tf_gs;
 register_t tf_addr;
 uint32_t tf_flags;
 uint16_t tf_es;
 uint16_t tf_ds;
 register_t tf_err;
 register_t tf_rip;
 register_t tf_cs;
 register_t tf_rflags;
 register_t tf_rsp;
 register_t tf_ss;
};

struct pti_frame {
 register_t pti_rdx;
 register_t pti_rax;
 register_t pti_err;
 register_t pti_rip;
 register_t pti_cs;
 register_t pti_rflags;
 register_t pti_rsp;
 register_t pti_ss;
};
struct cpu_ops {
 void (*cpu_init)(void);
 void (*cpu_resume)(void);
};
extern struct cpu_ops cpu_ops;
extern char brwsection[];
extern char btext[];
extern char _end[];
extern char etext[];
extern void (*vmm_resume_p)(void);
void cpu_halt(void);
void cpu_lock_delay(void);
void cpu_reset(void);
void fork_trampoline(void);
static __inline u_int64_t
get_cyclecount(void)
{
 return (rdtsc());
}
struct session {
 u_int s_count;
 struct proc *s_leader;
 struct vnode *s_ttyvp;
 struct cdev_priv *s_ttydp;
 struct tty *s_ttyp;
 pid_t s_sid;
 char s_login[((((33)+((sizeof(long))-1))/(sizeof(long)))*(sizeof(long)))];
 struct mtx s_mtx;
};
struct pgrp {
 struct { struct pgrp *le_next; struct pgrp **le_prev; } pg_hash;
 struct { struct proc *lh_first; } pg_members;
 struct session *pg_session;
 struct sigiolst pg_sigiolst;
 pid_t pg_id;
 struct mtx pg_mtx;
 int pg_flags;
 struct sx pg_killsx;
};
struct pargs {
 u_int ar_ref;
 u_int ar_length;
 u_char ar_args[1];
};
struct cpuset;
struct filecaps;
struct filemon;
struct kaioinfo;
struct kaudit_record;
struct kcov_info;
struct kdtrace_proc;
struct kdtrace_thread;
struct kmsan_td;
struct kq_timer_cb_data;
struct mqueue_notifier;
struct p_sched;
struct proc;
struct procdesc;
struct racct;
struct sbuf;
struct sleepqueue;
struct socket;
struct td_sched;
struct thread;
struct trapframe;
struct turnstile;
struct vm_map;
struct vm_map_entry;
struct epoch_tracker;
struct syscall_args {
 u_int code;
 u_int original_code;
 struct sysent *callp;
 register_t args[8];
};
struct rusage_ext {
 uint64_t rux_runtime;
 uint64_t rux_uticks;
 uint64_t rux_sticks;
 uint64_t rux_iticks;
 uint64_t rux_uu;
 uint64_t rux_su;
 uint64_t rux_tu;
};
struct thread {
 struct mtx *volatile td_lock;
 struct proc *td_proc;
 struct { struct thread *tqe_next; struct thread **tqe_prev; } td_plist;
 struct { struct thread *tqe_next; struct thread **tqe_prev; } td_runq;
 union {
  struct { struct thread *tqe_next; struct thread **tqe_prev; } td_slpq;
  struct thread *td_zombie;
 };
 struct { struct thread *tqe_next; struct thread **tqe_prev; } td_lockq;
 struct { struct thread *le_next; struct thread **le_prev; } td_hash;
 struct cpuset *td_cpuset;
 struct domainset_ref td_domain;
 struct seltd *td_sel;
 struct sleepqueue *td_sleepqueue;
 struct turnstile *td_turnstile;
 struct rl_q_entry *td_rlqe;
 struct umtx_q *td_umtxq;
 lwpid_t td_tid;
 sigqueue_t td_sigqueue;
 u_char td_lend_user_pri;
 u_char td_allocdomain;
 u_char td_base_ithread_pri;
 struct kmsan_td *td_kmsan;
 int td_flags;
 int td_ast;
 int td_inhibitors;
 int td_pflags;
 int td_pflags2;
 int td_dupfd;
 int td_sqqueue;
 const void *td_wchan;
 const char *td_wmesg;
 volatile u_char td_owepreempt;
 u_char td_tsqueue;
 u_char td_stopsched;
 int td_locks;
 int td_rw_rlocks;
 int td_sx_slocks;
 int td_lk_slocks;
 struct turnstile *td_blocked;
 const char *td_lockname;
 struct { struct turnstile *lh_first; } td_contested;
 struct lock_list_entry *td_sleeplocks;
 int td_intr_nesting_level;
 int td_pinned;
 struct ucred *td_realucred;
 struct ucred *td_ucred;
 struct plimit *td_limit;
 int td_slptick;
 int td_blktick;
 int td_swvoltick;
 int td_swinvoltick;
 u_int td_cow;
 struct rusage td_ru;
 struct rusage_ext td_rux;
 uint64_t td_incruntime;
 uint64_t td_runtime;
 u_int td_pticks;
 u_int td_sticks;
 u_int td_iticks;
 u_int td_uticks;
 int td_intrval;
 sigset_t td_oldsigmask;
 volatile u_int td_generation;
 stack_t td_sigstk;
 int td_xsig;
 u_long td_profil_addr;
 u_int td_profil_ticks;
 char td_name[19 + 1];
 struct file *td_fpop;
 int td_dbgflags;
 siginfo_t td_si;
 int td_ng_outbound;
 struct osd td_osd;
 struct vm_map_entry *td_map_def_user;
 pid_t td_dbg_forked;
 struct vnode *td_vp_reserved;
 u_int td_no_sleeping;
 void *td_su;
 sbintime_t td_sleeptimo;
 int td_rtcgen;
 int td_errno;
 size_t td_vslock_sz;
 struct kcov_info *td_kcov_info;
 long td_ucredref;
 sigset_t td_sigmask;
 u_char td_rqindex;
 u_char td_base_pri;
 u_char td_priority;
 u_char td_pri_class;
 u_char td_user_pri;
 u_char td_base_user_pri;
 uintptr_t td_rb_list;
 uintptr_t td_rbp_list;
 uintptr_t td_rb_inact;
 struct syscall_args td_sa;
 void *td_sigblock_ptr;
 uint32_t td_sigblock_val;
 struct pcb *td_pcb;
 enum td_states {
  TDS_INACTIVE = 0x0,
  TDS_INHIBITED,
  TDS_CAN_RUN,
  TDS_RUNQ,
  TDS_RUNNING
 } td_state;
 union {
  syscallarg_t tdu_retval[2];
  off_t tdu_off;
 } td_uretoff;
 u_int td_cowgen;
 struct callout td_slpcallout;
 struct trapframe *td_frame;
 vm_offset_t td_kstack;
 int td_kstack_pages;
 volatile u_int td_critnest;
 struct mdthread td_md;
 struct kaudit_record *td_ar;
 struct lpohead td_lprof[2];
 struct kdtrace_thread *td_dtrace;
 struct vnet *td_vnet;
 const char *td_vnet_lpush;
 struct trapframe *td_intr_frame;
 struct proc *td_rfppwait_p;
 struct vm_page **td_ma;
 int td_ma_cnt;
 void *td_emuldata;
 int td_lastcpu;
 int td_oncpu;
 void *td_lkpi_task;
 int td_pmcpend;
 void *td_remotereq;
 off_t td_ktr_io_lim;
};
struct thread0_storage {
 struct thread t0st_thread;
 uint64_t t0st_sched[10];
};
struct mtx *thread_lock_block(struct thread *);
void thread_lock_block_wait(struct thread *);
void thread_lock_set(struct thread *, struct mtx *);
void thread_lock_unblock(struct thread *, struct mtx *);
enum {
 TDA_AST = 0,
 TDA_OWEUPC,
 TDA_HWPMC,
 TDA_VFORK,
 TDA_ALRM,
 TDA_PROF,
 TDA_MAC,
 TDA_SCHED,
 TDA_UFS,
 TDA_GEOM,
 TDA_KQUEUE,
 TDA_RACCT,
 TDA_MOD1,
 TAD_MOD2,
 TDA_SIG,
 TDA_KTRACE,
 TDA_SUSPEND,
 TDA_SIGSUSPEND,
 TDA_MOD3,
 TAD_MOD4,
 TDA_MAX,
};
struct proc {
 struct { struct proc *le_next; struct proc **le_prev; } p_list;
 struct { struct thread *tqh_first; struct thread **tqh_last; } p_threads;
 struct mtx p_slock;
 struct ucred *p_ucred;
 struct filedesc *p_fd;
 struct filedesc_to_leader *p_fdtol;
 struct pwddesc *p_pd;
 struct pstats *p_stats;
 struct plimit *p_limit;
 struct callout p_limco;
 struct sigacts *p_sigacts;
 int p_flag;
 int p_flag2;
 enum p_states {
  PRS_NEW = 0,
  PRS_NORMAL,
  PRS_ZOMBIE
 } p_state;
 pid_t p_pid;
 struct { struct proc *le_next; struct proc **le_prev; } p_hash;
 struct { struct proc *le_next; struct proc **le_prev; } p_pglist;
 struct proc *p_pptr;
 struct { struct proc *le_next; struct proc **le_prev; } p_sibling;
 struct { struct proc *lh_first; } p_children;
 struct proc *p_reaper;
 struct { struct proc *lh_first; } p_reaplist;
 struct { struct proc *le_next; struct proc **le_prev; } p_reapsibling;
 struct mtx p_mtx;
 struct mtx p_statmtx;
 struct mtx p_itimmtx;
 struct mtx p_profmtx;
 struct ksiginfo *p_ksi;
 sigqueue_t p_sigqueue;
 pid_t p_oppid;
 struct vmspace *p_vmspace;
 u_int p_swtick;
 u_int p_cowgen;
 struct itimerval p_realtimer;
 struct rusage p_ru;
 struct rusage_ext p_rux;
 struct rusage_ext p_crux;
 int p_profthreads;
 volatile int p_exitthreads;
 int p_traceflag;
 struct ktr_io_params *p_ktrioparms;
 struct vnode *p_textvp;
 struct vnode *p_textdvp;
 char *p_binname;
 u_int p_lock;
 struct sigiolst p_sigiolst;
 int p_sigparent;
 int p_sig;
 u_int p_ptevents;
 struct kaioinfo *p_aioinfo;
 struct thread *p_singlethread;
 int p_suspcount;
 struct thread *p_xthread;
 int p_boundary_count;
 int p_pendingcnt;
 struct itimers *p_itimers;
 struct procdesc *p_procdesc;
 u_int p_treeflag;
 int p_pendingexits;
 struct filemon *p_filemon;
 int p_pdeathsig;
 u_int p_magic;
 int p_osrel;
 uint32_t p_fctl0;
 char p_comm[19 + 1];
 struct sysentvec *p_sysent;
 struct pargs *p_args;
 rlim_t p_cpulimit;
 signed char p_nice;
 int p_fibnum;
 pid_t p_reapsubtree;
 uint64_t p_elf_flags;
 void *p_elf_brandinfo;
 sbintime_t p_umtx_min_timeout;
 u_int p_xexit;
 u_int p_xsig;
 struct pgrp *p_pgrp;
 struct knlist *p_klist;
 int p_numthreads;
 struct mdproc p_md;
 struct callout p_itcallout;
 u_short p_acflag;
 struct proc *p_peers;
 struct proc *p_leader;
 void *p_emuldata;
 struct label *p_label;
 struct { struct ktr_request *stqh_first; struct ktr_request **stqh_last; } p_ktr;
 struct { struct mqueue_notifier *lh_first; } p_mqnotifier;
 struct kdtrace_proc *p_dtrace;
 struct cv p_pwait;
 uint64_t p_prev_runtime;
 struct racct *p_racct;
 int p_throttled;
 struct { struct proc *le_next; struct proc **le_prev; } p_orphan;
 struct { struct proc *lh_first; } p_orphans;
 struct { struct kq_timer_cb_data *tqh_first; struct kq_timer_cb_data **tqh_last; } p_kqtim_stop;
 struct { struct proc *le_next; struct proc **le_prev; } p_jaillist;
};
extern struct malloc_type M_PARGS[1];
extern struct malloc_type M_SESSION[1];
extern struct malloc_type M_SUBPROC[1];
extern pid_t pid_max;
extern struct pidhashhead { struct proc *lh_first; } *pidhashtbl;
extern struct sx *pidhashtbl_lock;
extern u_long pidhash;
extern u_long pidhashlock;
extern struct pgrphashhead { struct pgrp *lh_first; } *pgrphashtbl;
extern u_long pgrphash;
extern struct sx allproc_lock;
extern int allproc_gen;
extern struct sx proctree_lock;
extern struct mtx ppeers_lock;
extern struct mtx procid_lock;
extern struct proc proc0;
extern struct thread0_storage thread0_st;
extern struct vmspace vmspace0;
extern int hogticks;
extern int lastpid;
extern int nprocs, maxproc;
extern int maxprocperuid;
extern u_long ps_arg_cache_limit;
struct proclist { struct proc *lh_first; };
struct procqueue { struct proc *tqh_first; struct proc **tqh_last; };
struct threadqueue { struct thread *tqh_first; struct thread **tqh_last; };
extern struct proclist allproc;
extern struct proc *initproc, *pageproc;
extern struct uma_zone *proc_zone;
extern struct uma_zone *pgrp_zone;
struct proc *pfind(pid_t);
struct proc *pfind_any(pid_t);
struct proc *pfind_any_locked(pid_t pid);
struct pgrp *pgfind(pid_t);
void pidhash_slockall(void);
void pidhash_sunlockall(void);
struct fork_req {
 int fr_flags;
 int fr_pages;
 int *fr_pidp;
 struct proc **fr_procp;
 int *fr_pd_fd;
 int fr_pd_flags;
 struct filecaps *fr_pd_fcaps;
 int fr_flags2;
};
int pget(pid_t pid, int flags, struct proc **pp);
void ast(struct trapframe *framep);
void ast_kclear(struct thread *td);
void ast_register(int ast, int ast_flags, int tdp,
     void (*f)(struct thread *td, int asts));
void ast_deregister(int tda);
void ast_sched_locked(struct thread *td, int tda);
void ast_sched_mask(struct thread *td, int ast);
void ast_sched(struct thread *td, int tda);
void ast_unsched_locked(struct thread *td, int tda);
struct thread *choosethread(void);
int cr_bsd_visible(struct ucred *u1, struct ucred *u2);
int cr_cansee(struct ucred *u1, struct ucred *u2);
int cr_canseesocket(struct ucred *cred, struct socket *so);
int cr_cansignal(struct ucred *cred, struct proc *proc, int signum);
int enterpgrp(struct proc *p, pid_t pgid, struct pgrp *pgrp,
     struct session *sess);
int enterthispgrp(struct proc *p, struct pgrp *pgrp);
void faultin(struct proc *p);
int fork1(struct thread *, struct fork_req *);
void fork_exit(void (*)(void *, struct trapframe *), void *,
     struct trapframe *);
void fork_return(struct thread *, struct trapframe *);
int inferior(struct proc *p);
void itimer_proc_continue(struct proc *p);
void kqtimer_proc_continue(struct proc *p);
void kern_proc_vmmap_resident(struct vm_map *map, struct vm_map_entry *entry,
     int *resident_count, bool *super);
void kern_yield(int);
void kick_proc0(void);
void killjobc(void);
int leavepgrp(struct proc *p);
int maybe_preempt(struct thread *td);
void maybe_yield(void);
void mi_switch(int flags);
int p_candebug(struct thread *td, struct proc *p);
int p_cansee(struct thread *td, struct proc *p);
int p_cansched(struct thread *td, struct proc *p);
int p_cansignal(struct thread *td, struct proc *p, int signum);
int p_canwait(struct thread *td, struct proc *p);
struct pargs *pargs_alloc(int len);
void pargs_drop(struct pargs *pa);
void pargs_hold(struct pargs *pa);
void proc_add_orphan(struct proc *child, struct proc *parent);
int proc_get_binpath(struct proc *p, char *binname, char **fullpath,
     char **freepath);
int proc_getargv(struct thread *td, struct proc *p, struct sbuf *sb);
int proc_getauxv(struct thread *td, struct proc *p, struct sbuf *sb);
int proc_getenvv(struct thread *td, struct proc *p, struct sbuf *sb);
void procinit(void);
int proc_iterate(int (*cb)(struct proc *, void *), void *cbarg);
void proc_linkup0(struct proc *p, struct thread *td);
void proc_linkup(struct proc *p, struct thread *td);
struct proc *proc_realparent(struct proc *child);
void proc_reap(struct thread *td, struct proc *p, int *status, int options);
void proc_reparent(struct proc *child, struct proc *newparent, bool set_oppid);
void proc_set_p2_wexit(struct proc *p);
void proc_set_traced(struct proc *p, bool stop);
void proc_wkilled(struct proc *p);
struct pstats *pstats_alloc(void);
void pstats_fork(struct pstats *src, struct pstats *dst);
void pstats_free(struct pstats *ps);
void proc_clear_orphan(struct proc *p);
void reaper_abandon_children(struct proc *p, bool exiting);
int securelevel_ge(struct ucred *cr, int level);
int securelevel_gt(struct ucred *cr, int level);
void sess_hold(struct session *);
void sess_release(struct session *);
int setrunnable(struct thread *, int);
void setsugid(struct proc *p);
bool should_yield(void);
int sigonstack(size_t sp);
void stopevent(struct proc *, u_int, u_int);
struct thread *tdfind(lwpid_t, pid_t);
void threadinit(void);
void tidhash_add(struct thread *);
void tidhash_remove(struct thread *);
void cpu_idle(int);
int cpu_idle_wakeup(int);
extern void (*cpu_idle_hook)(sbintime_t);
void cpu_switch(struct thread *, struct thread *, struct mtx *);
void cpu_sync_core(void);
void cpu_throw(struct thread *, struct thread *) __attribute__((__noreturn__));
bool curproc_sigkilled(void);
void userret(struct thread *, struct trapframe *);
void cpu_exit(struct thread *);
void exit1(struct thread *, int, int) __attribute__((__noreturn__));
void cpu_copy_thread(struct thread *td, struct thread *td0);
bool cpu_exec_vmspace_reuse(struct proc *p, struct vm_map *map);
int cpu_fetch_syscall_args(struct thread *td);
void cpu_fork(struct thread *, struct proc *, struct thread *, int);
void cpu_fork_kthread_handler(struct thread *, void (*)(void *), void *);
int cpu_procctl(struct thread *td, int idtype, id_t id, int com,
     void *data);
void cpu_set_syscall_retval(struct thread *, int);
int cpu_set_upcall(struct thread *, void (*)(void *), void *,
     stack_t *);
int cpu_set_user_tls(struct thread *, void *tls_base);
void cpu_thread_alloc(struct thread *);
void cpu_thread_clean(struct thread *);
void cpu_thread_exit(struct thread *);
void cpu_thread_free(struct thread *);
void cpu_thread_swapin(struct thread *);
void cpu_thread_swapout(struct thread *);
struct thread *thread_alloc(int pages);
int thread_alloc_stack(struct thread *, int pages);
int thread_check_susp(struct thread *td, bool sleep);
void thread_cow_get_proc(struct thread *newtd, struct proc *p);
void thread_cow_get(struct thread *newtd, struct thread *td);
void thread_cow_free(struct thread *td);
void thread_cow_update(struct thread *td);
void thread_cow_synced(struct thread *td);
int thread_create(struct thread *td, struct rtprio *rtp,
     int (*initialize_thread)(struct thread *, void *), void *thunk);
void thread_exit(void) __attribute__((__noreturn__));
void thread_free(struct thread *td);
void thread_link(struct thread *td, struct proc *p);
void thread_reap_barrier(void);
int thread_single(struct proc *p, int how);
void thread_single_end(struct proc *p, int how);
void thread_stash(struct thread *td);
void thread_stopped(struct proc *p);
void childproc_stopped(struct proc *child, int reason);
void childproc_continued(struct proc *child);
void childproc_exited(struct proc *child);
void thread_run_flash(struct thread *td);
int thread_suspend_check(int how);
bool thread_suspend_check_needed(void);
void thread_suspend_switch(struct thread *, struct proc *p);
void thread_suspend_one(struct thread *td);
void thread_unlink(struct thread *td);
void thread_unsuspend(struct proc *p);
void thread_wait(struct proc *p);
bool stop_all_proc_block(void);
void stop_all_proc_unblock(void);
void stop_all_proc(void);
void resume_all_proc(void);
static __inline int
curthread_pflags_set(int flags)
{
 struct thread *td;
 int save;
 td = (__curthread());
 save = ~flags | (td->td_pflags & flags);
 td->td_pflags |= flags;
 return (save);
}
static __inline void
curthread_pflags_restore(int save)
{
 (__curthread())->td_pflags &= save;
}
static __inline int
curthread_pflags2_set(int flags)
{
 struct thread *td;
 int save;
 td = (__curthread());
 save = ~flags | (td->td_pflags2 & flags);
 td->td_pflags2 |= flags;
 return (save);
}
static __inline void
curthread_pflags2_restore(int save)
{
 (__curthread())->td_pflags2 &= save;
}
static __inline __attribute__((__const__)) struct td_sched *
td_get_sched(struct thread *td)
{
 return ((struct td_sched *)&td[1]);
}
void proc_id_set(int type, pid_t id);
void proc_id_set_cond(int type, pid_t id);
void proc_id_clear(int type, pid_t id);
extern struct eventhandler_list *_eventhandler_list_process_ctor;
extern struct eventhandler_list *_eventhandler_list_process_dtor;
extern struct eventhandler_list *_eventhandler_list_process_init;
extern struct eventhandler_list *_eventhandler_list_process_fini;
extern struct eventhandler_list *_eventhandler_list_process_exit;
extern struct eventhandler_list *_eventhandler_list_process_fork;
extern struct eventhandler_list *_eventhandler_list_process_exec;
extern struct eventhandler_list *_eventhandler_list_thread_ctor;
extern struct eventhandler_list *_eventhandler_list_thread_dtor;
extern struct eventhandler_list *_eventhandler_list_thread_init;

void sx_sysinit(void *arg);
void sx_init_flags(struct sx *sx, const char *description, int opts);
void sx_destroy(struct sx *sx);
int sx_try_slock_int(struct sx *sx , const char *file, int line);
int sx_try_slock_(struct sx *sx, const char *file, int line);
int sx_try_xlock_int(struct sx *sx , const char *file, int line);
int sx_try_xlock_(struct sx *sx, const char *file, int line);
int sx_try_upgrade_int(struct sx *sx , const char *file, int line);
int sx_try_upgrade_(struct sx *sx, const char *file, int line);
void sx_downgrade_int(struct sx *sx , const char *file, int line);
void sx_downgrade_(struct sx *sx, const char *file, int line);
int _sx_slock_int(struct sx *sx, int opts , const char *file, int line);
int _sx_slock(struct sx *sx, int opts, const char *file, int line);
int _sx_xlock(struct sx *sx, int opts, const char *file, int line);
void _sx_sunlock_int(struct sx *sx , const char *file, int line);
void _sx_sunlock(struct sx *sx, const char *file, int line);
void _sx_xunlock(struct sx *sx, const char *file, int line);
int _sx_xlock_hard(struct sx *sx, uintptr_t x, int opts , const char *file, int line);
void _sx_xunlock_hard(struct sx *sx, uintptr_t x , const char *file, int line);
struct sx_args {
 struct sx *sa_sx;
 const char *sa_desc;
 int sa_flags;
};
void rm_init(struct rmlock *rm, const char *name);
void rm_init_flags(struct rmlock *rm, const char *name, int opts);
void rm_destroy(struct rmlock *rm);
int rm_wowned(const struct rmlock *rm);
void rm_sysinit(void *arg);
void _rm_wlock_debug(struct rmlock *rm, const char *file, int line);
void _rm_wunlock_debug(struct rmlock *rm, const char *file, int line);
int _rm_rlock_debug(struct rmlock *rm, struct rm_priotracker *tracker,
     int trylock, const char *file, int line);
void _rm_runlock_debug(struct rmlock *rm, struct rm_priotracker *tracker,
     const char *file, int line);
void _rm_wlock(struct rmlock *rm);
void _rm_wunlock(struct rmlock *rm);
int _rm_rlock(struct rmlock *rm, struct rm_priotracker *tracker,
     int trylock);
void _rm_runlock(struct rmlock *rm, struct rm_priotracker *tracker);
struct rm_args {
 struct rmlock *ra_rm;
 const char *ra_desc;
 int ra_flags;
};
void rms_init(struct rmslock *rms, const char *name);
void rms_destroy(struct rmslock *rms);
void rms_rlock(struct rmslock *rms);
int rms_try_rlock(struct rmslock *rms);
void rms_runlock(struct rmslock *rms);
void rms_wlock(struct rmslock *rms);
void rms_wunlock(struct rmslock *rms);
void rms_unlock(struct rmslock *rms);
static inline int
rms_wowned(struct rmslock *rms)
{
 return (rms->owner == (__curthread()));
}
struct rwlock {
 struct lock_object lock_object;
 volatile uintptr_t rw_lock;
};
struct rwlock_padalign {
 struct lock_object lock_object;
 volatile uintptr_t rw_lock;
} __attribute__((__aligned__((1 << 6))));
void _rw_init_flags(volatile uintptr_t *c, const char *name, int opts);
void _rw_destroy(volatile uintptr_t *c);
void rw_sysinit(void *arg);
int _rw_wowned(const volatile uintptr_t *c);
void _rw_wlock_cookie(volatile uintptr_t *c, const char *file, int line);
int __rw_try_wlock_int(struct rwlock *rw , const char *file, int line);
int __rw_try_wlock(volatile uintptr_t *c, const char *file, int line);
void _rw_wunlock_cookie(volatile uintptr_t *c, const char *file, int line);
void __rw_rlock_int(struct rwlock *rw , const char *file, int line);
void __rw_rlock(volatile uintptr_t *c, const char *file, int line);
int __rw_try_rlock_int(struct rwlock *rw , const char *file, int line);
int __rw_try_rlock(volatile uintptr_t *c, const char *file, int line);
void _rw_runlock_cookie_int(struct rwlock *rw , const char *file, int line);
void _rw_runlock_cookie(volatile uintptr_t *c, const char *file, int line);
void __rw_wlock_hard(volatile uintptr_t *c, uintptr_t v
     , const char *file, int line);
void __rw_wunlock_hard(volatile uintptr_t *c, uintptr_t v
     , const char *file, int line);
int __rw_try_upgrade_int(struct rwlock *rw , const char *file, int line);
int __rw_try_upgrade(volatile uintptr_t *c, const char *file, int line);
void __rw_downgrade_int(struct rwlock *rw , const char *file, int line);
void __rw_downgrade(volatile uintptr_t *c, const char *file, int line);
struct rw_args {
 void *ra_rw;
 const char *ra_desc;
 int ra_flags;
};
struct sbuf;
typedef int (sbuf_drain_func)(void *, const char *, int);
struct sbuf {
 char *s_buf;
 sbuf_drain_func *s_drain_func;
 void *s_drain_arg;
 int s_error;
 ssize_t s_size;
 ssize_t s_len;
 int s_flags;
 ssize_t s_sect_len;
 ssize_t s_rec_off;
};
struct sbuf *sbuf_new(struct sbuf *, char *, int, int);
int sbuf_get_flags(struct sbuf *);
void sbuf_clear_flags(struct sbuf *, int);
void sbuf_set_flags(struct sbuf *, int);
void sbuf_clear(struct sbuf *);
int sbuf_setpos(struct sbuf *, ssize_t);
int sbuf_bcat(struct sbuf *, const void *, size_t);
int sbuf_bcpy(struct sbuf *, const void *, size_t);
int sbuf_cat(struct sbuf *, const char *);
int sbuf_cpy(struct sbuf *, const char *);
int sbuf_printf(struct sbuf *, const char *, ...)
 __attribute__((__format__ (__freebsd_kprintf__, 2, 3)));
int sbuf_vprintf(struct sbuf *, const char *, __va_list)
 __attribute__((__format__ (__freebsd_kprintf__, 2, 0)));
int sbuf_nl_terminate(struct sbuf *);
int sbuf_putc(struct sbuf *, int);
void sbuf_set_drain(struct sbuf *, sbuf_drain_func *, void *);
int sbuf_drain(struct sbuf *);
int sbuf_trim(struct sbuf *);
int sbuf_error(const struct sbuf *);
int sbuf_finish(struct sbuf *);
char *sbuf_data(struct sbuf *);
ssize_t sbuf_len(struct sbuf *);
int sbuf_done(const struct sbuf *);
void sbuf_delete(struct sbuf *);
void sbuf_start_section(struct sbuf *, ssize_t *);
ssize_t sbuf_end_section(struct sbuf *, ssize_t, size_t, int);
void sbuf_hexdump(struct sbuf *, const void *, int, const char *,
       int);
int sbuf_count_drain(void *arg, const char *data, int len);
int sbuf_printf_drain(void *arg, const char *data, int len);
void sbuf_putbuf(struct sbuf *);
struct uio;
struct sbuf *sbuf_uionew(struct sbuf *, struct uio *, int *);
int sbuf_bcopyin(struct sbuf *, const void *, size_t);
int sbuf_copyin(struct sbuf *, const void *, size_t);
int sched_load(void);
int sched_rr_interval(void);
int sched_runnable(void);
void sched_exit(struct proc *p, struct thread *childtd);
void sched_fork(struct thread *td, struct thread *childtd);
void sched_fork_exit(struct thread *td);
void sched_class(struct thread *td, int class);
void sched_nice(struct proc *p, int nice);
void sched_ap_entry(void);
void sched_exit_thread(struct thread *td, struct thread *child);
u_int sched_estcpu(struct thread *td);
void sched_fork_thread(struct thread *td, struct thread *child);
void sched_ithread_prio(struct thread *td, u_char prio);
void sched_lend_prio(struct thread *td, u_char prio);
void sched_lend_user_prio(struct thread *td, u_char pri);
void sched_lend_user_prio_cond(struct thread *td, u_char pri);
fixpt_t sched_pctcpu(struct thread *td);
void sched_prio(struct thread *td, u_char prio);
void sched_sleep(struct thread *td, int prio);
void sched_switch(struct thread *td, int flags);
void sched_throw(struct thread *td);
void sched_unlend_prio(struct thread *td, u_char prio);
void sched_user_prio(struct thread *td, u_char prio);
void sched_userret_slowpath(struct thread *td);
static inline void
sched_userret(struct thread *td)
{
 do { } while (0);
 if (__builtin_expect((td->td_priority != td->td_user_pri), 0))
  sched_userret_slowpath(td);
}
void sched_add(struct thread *td, int flags);
struct thread *sched_choose(void);
void sched_clock(struct thread *td, int cnt);
void sched_idletd(void *);
void sched_preempt(struct thread *td);
void sched_relinquish(struct thread *td);
void sched_rem(struct thread *td);
void sched_wakeup(struct thread *td, int srqflags);
void sched_bind(struct thread *td, int cpu);
static __inline void sched_pin(void);
void sched_unbind(struct thread *td);
static __inline void sched_unpin(void);
int sched_is_bound(struct thread *td);
void sched_affinity(struct thread *td);
int sched_sizeof_proc(void);
int sched_sizeof_thread(void);
char *sched_tdname(struct thread *td);
static __inline void
sched_pin(void)
{
 (__curthread())->td_pinned++;
 __asm volatile(" " : : : "memory");
}
static __inline void
sched_unpin(void)
{
 __asm volatile(" " : : : "memory");
 do { } while (0);
 (__curthread())->td_pinned--;
}
void schedinit(void);
void schedinit_ap(void);
struct sched_param {
        int sched_priority;
};
struct setlist { struct cpuset *lh_first; };
extern u_int cpusetsizemin;
struct cpuset {
 volatile u_int cs_ref;
 int cs_flags;
 struct { struct cpuset *le_next; struct cpuset **le_prev; } cs_link;
 struct { struct cpuset *le_next; struct cpuset **le_prev; } cs_siblings;
 struct setlist cs_children;
 struct domainset *cs_domain;
 cpusetid_t cs_id;
 struct cpuset *cs_parent;
 cpuset_t cs_mask;
};
extern cpuset_t *cpuset_root;
struct prison;
struct proc;
struct thread;
struct cpuset_copy_cb {
 int (*cpuset_copyin)(const void *, void *, size_t);
 int (*cpuset_copyout)(const void *, void *, size_t);
};
struct cpuset *cpuset_thread0(void);
struct cpuset *cpuset_ref(struct cpuset *);
void cpuset_rel(struct cpuset *);
int cpuset_setthread(lwpid_t id, cpuset_t *);
int cpuset_setithread(lwpid_t id, int cpu);
int cpuset_create_root(struct prison *, struct cpuset **);
int cpuset_setproc_update_set(struct proc *, struct cpuset *);
int cpuset_which(cpuwhich_t, id_t, struct proc **,
     struct thread **, struct cpuset **);
void cpuset_kernthread(struct thread *);
char *cpusetobj_strprint(char *, const cpuset_t *);
int cpusetobj_strscan(cpuset_t *, const char *);
typedef enum {
 TOPO_TYPE_DUMMY,
 TOPO_TYPE_PU,
 TOPO_TYPE_CORE,
 TOPO_TYPE_CACHE,
 TOPO_TYPE_PKG,
 TOPO_TYPE_NODE,
 TOPO_TYPE_GROUP,
 TOPO_TYPE_SYSTEM
} topo_node_type;
typedef unsigned int hwid_t;
typedef int cpuid_t;
struct topo_node {
 struct topo_node *parent;
 struct topo_children { struct topo_node *tqh_first; struct topo_node **tqh_last; } children;
 struct { struct topo_node *tqe_next; struct topo_node **tqe_prev; } siblings;
 cpuset_t cpuset;
 topo_node_type type;
 uintptr_t subtype;
 hwid_t hwid;
 cpuid_t id;
 int nchildren;
 int cpu_count;
};
struct cpu_group {
 struct cpu_group *cg_parent;
 struct cpu_group *cg_child;
 cpuset_t cg_mask;
 int32_t cg_count;
 int32_t cg_first;
 int32_t cg_last;
 int16_t cg_children;
 int8_t cg_level;
 int8_t cg_flags;
};
typedef struct cpu_group *cpu_group_t;
void topo_init_node(struct topo_node *node);
void topo_init_root(struct topo_node *root);
struct topo_node * topo_add_node_by_hwid(struct topo_node *parent, int hwid,
    topo_node_type type, uintptr_t subtype);
struct topo_node * topo_find_node_by_hwid(struct topo_node *parent, int hwid,
    topo_node_type type, uintptr_t subtype);
void topo_promote_child(struct topo_node *child);
struct topo_node * topo_next_node(struct topo_node *top,
    struct topo_node *node);
struct topo_node * topo_next_nonchild_node(struct topo_node *top,
    struct topo_node *node);
void topo_set_pu_id(struct topo_node *node, cpuid_t id);
enum topo_level {
 TOPO_LEVEL_PKG = 0,
 TOPO_LEVEL_GROUP,
 TOPO_LEVEL_CACHEGROUP,
 TOPO_LEVEL_CORE,
 TOPO_LEVEL_THREAD,
 TOPO_LEVEL_COUNT
};
struct topo_analysis {
 int entities[TOPO_LEVEL_COUNT];
};
int topo_analyze(struct topo_node *topo_root, int all,
    struct topo_analysis *results);
struct cpu_group *smp_topo(void);
struct cpu_group *smp_topo_alloc(u_int count);
struct cpu_group *smp_topo_none(void);
struct cpu_group *smp_topo_1level(int l1share, int l1count, int l1flags);
struct cpu_group *smp_topo_2level(int l2share, int l2count, int l1share,
    int l1count, int l1flags);
struct cpu_group *smp_topo_find(struct cpu_group *top, int cpu);
extern void (*cpustop_restartfunc)(void);
extern volatile cpuset_t resuming_cpus;
extern volatile cpuset_t started_cpus;
extern volatile cpuset_t stopped_cpus;
extern volatile cpuset_t suspended_cpus;
extern volatile cpuset_t toresume_cpus;
extern cpuset_t hlt_cpus_mask;
extern cpuset_t logical_cpus_mask;
extern u_int mp_maxid;
extern int mp_maxcpus;
extern int mp_ncores;
extern int mp_ncpus;
extern int smp_cpus;
extern volatile int smp_started;
extern int smp_threads_per_core;
extern cpuset_t all_cpus;
extern cpuset_t cpuset_domain[8];
struct pcb;
extern struct pcb *stoppcbs;
static __inline int
cpu_first(void)
{
 int i;
 for (i = 0;; i++)
  if (!(!((((&all_cpus)->__bits[((__builtin_constant_p(((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && ((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? 0 : ((i) / (sizeof(long) * 8)))] & (1UL << ((__builtin_constant_p((((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && (((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? (__size_t)((i)) : (((i)) % (sizeof(long) * 8))))) != 0))))
   return (i);
}
static __inline int
cpu_next(int i)
{
 for (;;) {
  i++;
  if ((u_int)i > mp_maxid)
   i = 0;
  if (!(!((((&all_cpus)->__bits[((__builtin_constant_p(((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && ((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? 0 : ((i) / (sizeof(long) * 8)))] & (1UL << ((__builtin_constant_p((((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && (((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? (__size_t)((i)) : (((i)) % (sizeof(long) * 8))))) != 0))))
   return (i);
 }
}
struct thread;
struct cpu_group *cpu_topo(void);
void cpu_mp_announce(void);
int cpu_mp_probe(void);
void cpu_mp_setmaxid(void);
void cpu_mp_start(void);
void forward_signal(struct thread *);
int restart_cpus(cpuset_t);
int stop_cpus(cpuset_t);
int stop_cpus_hard(cpuset_t);
int suspend_cpus(cpuset_t);
int resume_cpus(cpuset_t);
void smp_rendezvous_action(void);
extern struct mtx smp_ipi_mtx;
int quiesce_all_cpus(const char *, int);
int quiesce_cpus(cpuset_t, const char *, int);
void quiesce_all_critical(void);
void cpus_fence_seq_cst(void);
void smp_no_rendezvous_barrier(void *);
void smp_rendezvous(void (*)(void *),
         void (*)(void *),
         void (*)(void *),
         void *arg);
void smp_rendezvous_cpus(cpuset_t,
         void (*)(void *),
         void (*)(void *),
         void (*)(void *),
         void *arg);
struct smp_rendezvous_cpus_retry_arg {
 cpuset_t cpus;
};
void smp_rendezvous_cpus_retry(cpuset_t,
         void (*)(void *),
         void (*)(void *),
         void (*)(void *),
         void (*)(void *, int),
         struct smp_rendezvous_cpus_retry_arg *);
void smp_rendezvous_cpus_done(struct smp_rendezvous_cpus_retry_arg *);

struct thread;
struct sysctl_req {
 struct thread *td;
 int lock;
 void *oldptr;
 size_t oldlen;
 size_t oldidx;
 int (*oldfunc)(struct sysctl_req *, const void *, size_t);
 const void *newptr;
 size_t newlen;
 size_t newidx;
 int (*newfunc)(struct sysctl_req *, void *, size_t);
 size_t validlen;
 int flags;
};
struct sysctl_oid;
struct sysctl_oid_list { struct sysctl_oid *rbh_root; };
struct sysctl_oid {
 struct sysctl_oid_list oid_children;
 struct sysctl_oid_list* oid_parent;
 struct { struct sysctl_oid *rbe_link[3]; } oid_link;
 int oid_number;
 u_int oid_kind;
 void *oid_arg1;
 intmax_t oid_arg2;
 const char *oid_name;
 int (*oid_handler)(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
 const char *oid_fmt;
 int oid_refcnt;
 u_int oid_running;
 const char *oid_descr;
 const char *oid_label;
};
static inline int
cmp_sysctl_oid(struct sysctl_oid *a, struct sysctl_oid *b)
{
 if (a->oid_number > b->oid_number)
  return (1);
 else if (a->oid_number < b->oid_number)
  return (-1);
 else
  return (0);
}
 struct sysctl_oid *sysctl_oid_list_RB_INSERT_COLOR(struct sysctl_oid_list *, struct sysctl_oid *, struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_REMOVE_COLOR(struct sysctl_oid_list *, struct sysctl_oid *, struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_INSERT_FINISH(struct sysctl_oid_list *, struct sysctl_oid *, struct sysctl_oid **, struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_INSERT(struct sysctl_oid_list *, struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_REMOVE(struct sysctl_oid_list *, struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_FIND(struct sysctl_oid_list *, struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_NFIND(struct sysctl_oid_list *, struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_NEXT(struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_INSERT_NEXT(struct sysctl_oid_list *, struct sysctl_oid *, struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_PREV(struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_INSERT_PREV(struct sysctl_oid_list *, struct sysctl_oid *, struct sysctl_oid *); struct sysctl_oid *sysctl_oid_list_RB_MINMAX(struct sysctl_oid_list *, int); struct sysctl_oid *sysctl_oid_list_RB_REINSERT(struct sysctl_oid_list *, struct sysctl_oid *);;
int sysctl_handle_bool(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_8(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_16(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_32(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_64(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_int(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_msec_to_ticks(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_long(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_string(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_opaque(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_counter_u64(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_counter_u64_array(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_uma_zone_max(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_handle_uma_zone_cur(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_msec_to_sbintime(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_usec_to_sbintime(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_sec_to_timeval(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_dpcpu_int(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_dpcpu_long(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
int sysctl_dpcpu_quad(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req);
void sysctl_register_oid(struct sysctl_oid *oidp);
void sysctl_register_disabled_oid(struct sysctl_oid *oidp);
void sysctl_enable_oid(struct sysctl_oid *oidp);
void sysctl_unregister_oid(struct sysctl_oid *oidp);
struct sysctl_ctx_entry {
 struct sysctl_oid *entry;
 struct { struct sysctl_ctx_entry *tqe_next; struct sysctl_ctx_entry **tqe_prev; } link;
};
struct sysctl_ctx_list { struct sysctl_ctx_entry *tqh_first; struct sysctl_ctx_entry **tqh_last; };
extern struct sysctl_oid_list sysctl__children;
extern struct sysctl_oid sysctl___kern;
extern struct sysctl_oid sysctl___kern_features;
extern struct sysctl_oid sysctl___kern_ipc;
extern struct sysctl_oid sysctl___kern_proc;
extern struct sysctl_oid sysctl___kern_sched;
extern struct sysctl_oid sysctl___kern_sched_stats;
extern struct sysctl_oid sysctl___sysctl;
extern struct sysctl_oid sysctl___vm;
extern struct sysctl_oid sysctl___vm_stats;
extern struct sysctl_oid sysctl___vm_stats_misc;
extern struct sysctl_oid sysctl___vfs;
extern struct sysctl_oid sysctl___net;
extern struct sysctl_oid sysctl___debug;
extern struct sysctl_oid sysctl___debug_sizeof;
extern struct sysctl_oid sysctl___dev;
extern struct sysctl_oid sysctl___hw;
extern struct sysctl_oid sysctl___hw_bus;
extern struct sysctl_oid sysctl___hw_bus_devices;
extern struct sysctl_oid sysctl___machdep;
extern struct sysctl_oid sysctl___machdep_mitigations;
extern struct sysctl_oid sysctl___user;
extern struct sysctl_oid sysctl___compat;
extern struct sysctl_oid sysctl___regression;
extern struct sysctl_oid sysctl___security;
extern struct sysctl_oid sysctl___security_bsd;
extern const char machine[];
extern const char osrelease[];
extern const char ostype[];
extern const char kern_ident[];
struct sysctl_oid *sysctl_add_oid(struct sysctl_ctx_list *clist,
     struct sysctl_oid_list *parent, int nbr, const char *name, int kind,
     void *arg1, intmax_t arg2, int (*handler)(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req),
     const char *fmt, const char *descr, const char *label);
int sysctl_remove_name(struct sysctl_oid *parent, const char *name, int del,
     int recurse);
void sysctl_rename_oid(struct sysctl_oid *oidp, const char *name);
int sysctl_move_oid(struct sysctl_oid *oidp,
     struct sysctl_oid_list *parent);
int sysctl_remove_oid(struct sysctl_oid *oidp, int del, int recurse);
int sysctl_ctx_init(struct sysctl_ctx_list *clist);
int sysctl_ctx_free(struct sysctl_ctx_list *clist);
struct sysctl_ctx_entry *sysctl_ctx_entry_add(struct sysctl_ctx_list *clist,
     struct sysctl_oid *oidp);
struct sysctl_ctx_entry *sysctl_ctx_entry_find(struct sysctl_ctx_list *clist,
     struct sysctl_oid *oidp);
int sysctl_ctx_entry_del(struct sysctl_ctx_list *clist,
     struct sysctl_oid *oidp);
int kernel_sysctl(struct thread *td, int *name, u_int namelen, void *old,
     size_t *oldlenp, void *new, size_t newlen, size_t *retval,
     int flags);
int kernel_sysctlbyname(struct thread *td, char *name, void *old,
     size_t *oldlenp, void *new, size_t newlen, size_t *retval,
     int flags);
int userland_sysctl(struct thread *td, int *name, u_int namelen, void *old,
     size_t *oldlenp, int inkernel, const void *new, size_t newlen,
     size_t *retval, int flags);
int sysctl_find_oid(int *name, u_int namelen, struct sysctl_oid **noid,
     int *nindx, struct sysctl_req *req);
void sysctl_wlock(void);
void sysctl_wunlock(void);
int sysctl_wire_old_buffer(struct sysctl_req *req, size_t len);
int kern___sysctlbyname(struct thread *td, const char *name,
     size_t namelen, void *old, size_t *oldlenp, void *new,
     size_t newlen, size_t *retval, int flags, bool inkernel);
struct sbuf;
struct sbuf *sbuf_new_for_sysctl(struct sbuf *, char *, int,
     struct sysctl_req *);

enum pfil_types {
 PFIL_TYPE_IP4,
 PFIL_TYPE_IP6,
 PFIL_TYPE_ETHERNET,
};
struct pfilioc_head {
 char pio_name[64];
 int pio_nhooksin;
 int pio_nhooksout;
 enum pfil_types pio_type;
};
struct pfilioc_hook {
 char pio_module[64];
 char pio_ruleset[64];
 int pio_flags;
 enum pfil_types pio_type;
};
struct pfilioc_list {
 u_int pio_nheads;
 u_int pio_nhooks;
 struct pfilioc_head *pio_heads;
 struct pfilioc_hook *pio_hooks;
};
struct pfilioc_link {
 char pio_name[64];
 char pio_module[64];
 char pio_ruleset[64];
 int pio_flags;
};
struct mbuf;
struct ifnet;
struct inpcb;
typedef enum {
 PFIL_PASS = 0,
 PFIL_DROPPED,
 PFIL_CONSUMED,
 PFIL_REALLOCED,
} pfil_return_t;
typedef pfil_return_t (*pfil_mbuf_chk_t)(struct mbuf **, struct ifnet *, int,
       void *, struct inpcb *);
typedef pfil_return_t (*pfil_mem_chk_t)(void *, u_int, int, struct ifnet *,
       void *, struct mbuf **);
typedef struct pfil_hook * pfil_hook_t;
typedef struct pfil_head * pfil_head_t;
struct pfil_hook_args {
 int pa_version;
 int pa_flags;
 enum pfil_types pa_type;
 pfil_mbuf_chk_t pa_mbuf_chk;
 pfil_mem_chk_t pa_mem_chk;
 void *pa_ruleset;
 const char *pa_modname;
 const char *pa_rulname;
};
pfil_hook_t pfil_add_hook(struct pfil_hook_args *);
void pfil_remove_hook(pfil_hook_t);
struct pfil_link_args {
 int pa_version;
 int pa_flags;
 union {
  const char *pa_headname;
  pfil_head_t pa_head;
 };
 union {
  struct {
   const char *pa_modname;
   const char *pa_rulname;
  };
  pfil_hook_t pa_hook;
 };
};
int pfil_link(struct pfil_link_args *);
struct pfil_head_args {
 int pa_version;
 int pa_flags;
 enum pfil_types pa_type;
 const char *pa_headname;
};
pfil_head_t pfil_head_register(struct pfil_head_args *);
void pfil_head_unregister(pfil_head_t);
int pfil_mem_in(struct pfil_head *, void *, u_int, struct ifnet *,
    struct mbuf **);
int pfil_mem_out(struct pfil_head *, void *, u_int, struct ifnet *,
    struct mbuf **);
int pfil_mbuf_in(struct pfil_head *, struct mbuf **, struct ifnet *,
    struct inpcb *inp);
int pfil_mbuf_out(struct pfil_head *, struct mbuf **, struct ifnet *,
    struct inpcb *inp);
int pfil_mbuf_fwd(struct pfil_head *, struct mbuf **, struct ifnet *,
    struct inpcb *);
struct _pfil_head {
 int head_nhooksin;
 int head_nhooksout;
};
struct vnet {
 struct { struct vnet *le_next; struct vnet **le_prev; } vnet_le;
 u_int vnet_magic_n;
 u_int vnet_ifcnt;
 u_int vnet_sockcnt;
 u_int vnet_state;
 void *vnet_data_mem;
 uintptr_t vnet_data_base;
 bool vnet_shutdown;
} __attribute__((__aligned__((1 << 6))));
extern uintptr_t *__start_set_vnet;
__asm__(".globl " "__start_set_vnet");
extern uintptr_t *__stop_set_vnet;
__asm__(".globl " "__stop_set_vnet");
struct vnet *vnet_alloc(void);
void vnet_destroy(struct vnet *vnet);
extern struct vnet *vnet0;
struct vnet_list_head { struct vnet *lh_first; };
extern struct vnet_list_head vnet_head;
extern struct rwlock vnet_rwlock;
extern struct sx vnet_sxlock;
void *vnet_data_alloc(int size);
void vnet_data_copy(void *start, int size);
void vnet_data_free(void *start_arg, int size);
struct vnet_sysinit {
 enum sysinit_sub_id subsystem;
 enum sysinit_elem_order order;
 sysinit_cfunc_t func;
 const void *arg;
 struct { struct vnet_sysinit *tqe_next; struct vnet_sysinit **tqe_prev; } link;
};
void vnet_register_sysinit(void *arg);
void vnet_register_sysuninit(void *arg);
void vnet_deregister_sysinit(void *arg);
void vnet_deregister_sysuninit(void *arg);
struct ktr_entry {
 u_int64_t ktr_timestamp;
 int ktr_cpu;
 int ktr_line;
 const char *ktr_file;
 const char *ktr_desc;
 struct thread *ktr_thread;
 u_long ktr_parms[6];
};
extern cpuset_t ktr_cpumask;
extern uint64_t ktr_mask;
extern int ktr_entries;
extern int ktr_verbose;
extern volatile int ktr_idx;
extern struct ktr_entry *ktr_buf;
struct eventhandler_entry_vimage {
 void (* func)(void);
 void *ee_arg;
 void *sparep[2];
};
struct eventhandler_list {
 char *el_name;
 int el_flags;
 u_int el_runcount;
 struct mtx el_lock;
 struct { struct eventhandler_list *tqe_next; struct eventhandler_list **tqe_prev; } el_link;
 struct { struct eventhandler_entry *tqh_first; struct eventhandler_entry **tqh_last; } el_entries;
};
eventhandler_tag eventhandler_register(struct eventhandler_list *list,
     const char *name, void *func, void *arg, int priority);
void eventhandler_deregister(struct eventhandler_list *list,
     eventhandler_tag tag);
void eventhandler_deregister_nowait(struct eventhandler_list *list,
     eventhandler_tag tag);
struct eventhandler_list *eventhandler_find_list(const char *name);
void eventhandler_prune_list(struct eventhandler_list *list);
struct eventhandler_list *eventhandler_create_list(const char *name);
typedef void (*vimage_iterator_func_t)(void *, ...);
eventhandler_tag vimage_eventhandler_register(struct eventhandler_list *list,
     const char *name, void *func, void *arg, int priority,
     vimage_iterator_func_t);
typedef void (*shutdown_fn)(void *, int);
struct eventhandler_entry_shutdown_pre_sync { struct eventhandler_entry ee; shutdown_fn eh_func; }; struct __hack;
struct eventhandler_entry_shutdown_post_sync { struct eventhandler_entry ee; shutdown_fn eh_func; }; struct __hack;
struct eventhandler_entry_shutdown_final { struct eventhandler_entry ee; shutdown_fn eh_func; }; struct __hack;
typedef void (*power_change_fn)(void *);
struct eventhandler_entry_power_resume { struct eventhandler_entry ee; power_change_fn eh_func; }; struct __hack;
struct eventhandler_entry_power_suspend { struct eventhandler_entry ee; power_change_fn eh_func; }; struct __hack;
struct eventhandler_entry_power_suspend_early { struct eventhandler_entry ee; power_change_fn eh_func; }; struct __hack;
typedef void (*vm_lowmem_handler_t)(void *, int);
struct eventhandler_entry_vm_lowmem { struct eventhandler_entry ee; vm_lowmem_handler_t eh_func; }; struct __hack;
struct eventhandler_entry_mbuf_lowmem { struct eventhandler_entry ee; vm_lowmem_handler_t eh_func; }; struct __hack;
typedef void (*mountroot_handler_t)(void *);
struct eventhandler_entry_mountroot { struct eventhandler_entry ee; mountroot_handler_t eh_func; }; struct __hack;
struct mount;
struct vnode;
struct thread;
typedef void (*vfs_mounted_notify_fn)(void *, struct mount *, struct vnode *,
    struct thread *);
typedef void (*vfs_unmounted_notify_fn)(void *, struct mount *,
    struct thread *);
struct eventhandler_entry_vfs_mounted { struct eventhandler_entry ee; vfs_mounted_notify_fn eh_func; }; struct __hack;
struct eventhandler_entry_vfs_unmounted { struct eventhandler_entry ee; vfs_unmounted_notify_fn eh_func; }; struct __hack;
struct proc;
struct image_params;
typedef void (*exitlist_fn)(void *, struct proc *);
typedef void (*forklist_fn)(void *, struct proc *, struct proc *, int);
typedef void (*execlist_fn)(void *, struct proc *, struct image_params *);
typedef void (*proc_ctor_fn)(void *, struct proc *);
typedef void (*proc_dtor_fn)(void *, struct proc *);
typedef void (*proc_init_fn)(void *, struct proc *);
typedef void (*proc_fini_fn)(void *, struct proc *);
struct eventhandler_entry_process_ctor { struct eventhandler_entry ee; proc_ctor_fn eh_func; }; struct __hack;
struct eventhandler_entry_process_dtor { struct eventhandler_entry ee; proc_dtor_fn eh_func; }; struct __hack;
struct eventhandler_entry_process_init { struct eventhandler_entry ee; proc_init_fn eh_func; }; struct __hack;
struct eventhandler_entry_process_fini { struct eventhandler_entry ee; proc_fini_fn eh_func; }; struct __hack;
struct eventhandler_entry_process_exit { struct eventhandler_entry ee; exitlist_fn eh_func; }; struct __hack;
struct eventhandler_entry_process_fork { struct eventhandler_entry ee; forklist_fn eh_func; }; struct __hack;
struct eventhandler_entry_process_exec { struct eventhandler_entry ee; execlist_fn eh_func; }; struct __hack;
typedef void (*app_coredump_start_fn)(void *, struct thread *, char *name);
typedef void (*app_coredump_progress_fn)(void *, struct thread *td, int byte_count);
typedef void (*app_coredump_finish_fn)(void *, struct thread *td);
typedef void (*app_coredump_error_fn)(void *, struct thread *td, char *msg, ...);
struct eventhandler_entry_app_coredump_start { struct eventhandler_entry ee; app_coredump_start_fn eh_func; }; struct __hack;
struct eventhandler_entry_app_coredump_progress { struct eventhandler_entry ee; app_coredump_progress_fn eh_func; }; struct __hack;
struct eventhandler_entry_app_coredump_finish { struct eventhandler_entry ee; app_coredump_finish_fn eh_func; }; struct __hack;
struct eventhandler_entry_app_coredump_error { struct eventhandler_entry ee; app_coredump_error_fn eh_func; }; struct __hack;
typedef void (*thread_ctor_fn)(void *, struct thread *);
typedef void (*thread_dtor_fn)(void *, struct thread *);
typedef void (*thread_fini_fn)(void *, struct thread *);
typedef void (*thread_init_fn)(void *, struct thread *);
struct eventhandler_entry_thread_ctor { struct eventhandler_entry ee; thread_ctor_fn eh_func; }; struct __hack;
struct eventhandler_entry_thread_dtor { struct eventhandler_entry ee; thread_dtor_fn eh_func; }; struct __hack;
struct eventhandler_entry_thread_init { struct eventhandler_entry ee; thread_init_fn eh_func; }; struct __hack;
struct eventhandler_entry_thread_fini { struct eventhandler_entry ee; thread_fini_fn eh_func; }; struct __hack;
typedef void (*uma_zone_chfn)(void *);
struct eventhandler_entry_nmbclusters_change { struct eventhandler_entry ee; uma_zone_chfn eh_func; }; struct __hack;
struct eventhandler_entry_nmbufs_change { struct eventhandler_entry ee; uma_zone_chfn eh_func; }; struct __hack;
struct eventhandler_entry_maxsockets_change { struct eventhandler_entry ee; uma_zone_chfn eh_func; }; struct __hack;
struct linker_file;
typedef void (*kld_load_fn)(void *, struct linker_file *);
typedef void (*kld_unload_fn)(void *, const char *, caddr_t, size_t);
typedef void (*kld_unload_try_fn)(void *, struct linker_file *, int *);
struct eventhandler_entry_kld_load { struct eventhandler_entry ee; kld_load_fn eh_func; }; struct __hack;
struct eventhandler_entry_kld_unload { struct eventhandler_entry ee; kld_unload_fn eh_func; }; struct __hack;
struct eventhandler_entry_kld_unload_try { struct eventhandler_entry ee; kld_unload_try_fn eh_func; }; struct __hack;
struct fb_info;
typedef void (*register_framebuffer_fn)(void *, struct fb_info *);
typedef void (*unregister_framebuffer_fn)(void *, struct fb_info *);
struct eventhandler_entry_register_framebuffer { struct eventhandler_entry ee; register_framebuffer_fn eh_func; }; struct __hack;
struct eventhandler_entry_unregister_framebuffer { struct eventhandler_entry ee; unregister_framebuffer_fn eh_func; }; struct __hack;
struct cam_path;
struct ata_params;
typedef void (*ada_probe_veto_fn)(void *, struct cam_path *,
    struct ata_params *, int *);
struct eventhandler_entry_ada_probe_veto { struct eventhandler_entry ee; ada_probe_veto_fn eh_func; }; struct __hack;
struct swdevt;
typedef void (*swapon_fn)(void *, struct swdevt *);
typedef void (*swapoff_fn)(void *, struct swdevt *);
struct eventhandler_entry_swapon { struct eventhandler_entry ee; swapon_fn eh_func; }; struct __hack;
struct eventhandler_entry_swapoff { struct eventhandler_entry ee; swapoff_fn eh_func; }; struct __hack;
enum evhdev_detach {
 EVHDEV_DETACH_BEGIN,
 EVHDEV_DETACH_COMPLETE,
 EVHDEV_DETACH_FAILED
};
typedef void (*device_attach_fn)(void *, device_t);
typedef void (*device_detach_fn)(void *, device_t, enum evhdev_detach);
typedef void (*device_nomatch_fn)(void *, device_t);
struct eventhandler_entry_device_attach { struct eventhandler_entry ee; device_attach_fn eh_func; }; struct __hack;
struct eventhandler_entry_device_detach { struct eventhandler_entry ee; device_detach_fn eh_func; }; struct __hack;
struct eventhandler_entry_device_nomatch { struct eventhandler_entry ee; device_nomatch_fn eh_func; }; struct __hack;
struct ifaddr;
typedef void (*rt_addrmsg_fn)(void *, struct ifaddr *, int);
struct eventhandler_entry_rt_addrmsg { struct eventhandler_entry ee; rt_addrmsg_fn eh_func; }; struct __hack;

void vnet_global_eventhandler_iterator_func(void *, ...);
_Static_assert((((224) - 1) - (20 - -20) / 2) > (88) && (((224) - 1) - (20 - -20) / 2) <= ((224) - 1), "compile-time assertion failed");
static struct malloc_type M_PFILBENCH[1] = { { .ks_next = ((void *)0), .ks_version = 2020110501, .ks_shortdesc = "pfilbench", } }; static struct sysinit M_PFILBENCH_init_sys_init = { SI_SUB_KMEM, SI_ORDER_THIRD, { ((void *)0) }, (sysinit_cfunc_t)(sysinit_nfunc_t)malloc_init, ((void *)(M_PFILBENCH)) }; __asm__(".weak " "__start_set_sysinit_set"); __asm__(".weak " "__stop_set_sysinit_set"); static void const * __set_sysinit_set_sym_M_PFILBENCH_init_sys_init __attribute__((__section__("set_" "sysinit_set"))) __attribute__((__used__)) = &(M_PFILBENCH_init_sys_init); static struct sysinit M_PFILBENCH_uninit_sys_uninit = { SI_SUB_KMEM, SI_ORDER_ANY, { ((void *)0) }, (sysinit_cfunc_t)(sysinit_nfunc_t)malloc_uninit, ((void *)(M_PFILBENCH)) }; __asm__(".weak " "__start_set_sysuninit_set"); __asm__(".weak " "__stop_set_sysuninit_set"); static void const * __set_sysuninit_set_sym_M_PFILBENCH_uninit_sys_uninit __attribute__((__section__("set_" "sysuninit_set"))) __attribute__((__used__)) = &(M_PFILBENCH_uninit_sys_uninit);
enum pb_state { PB_IDLE, PB_RUNNING, PB_DONE, PB_ERROR };
static const char *const pb_state_names[] = {
 "idle", "running", "done", "error"
};
enum pb_head { PB_HEAD_EPOCH, PB_HEAD_RW, PB_HEAD_RM, PB_HEAD_NONE };
static const char *const pb_head_names[] = { "epoch", "rw", "rm", "none" };
enum pb_hook { PB_HOOK_NULL, PB_HOOK_MTX, PB_HOOK_RW, PB_HOOK_RM,
    PB_HOOK_SPIN };
static const char *const pb_hook_names[] = {
 "null", "mtx", "rw", "rm", "spin"
};
static const char *const pb_head_impl[] = {
 "epoch(9)(none)", "rwlock(9)(adaptive)", "rmlock(9)(adaptive)", "none"
};
static const char *const pb_hook_impl[] = {
 "none", "mtx(9)(adaptive)", "rwlock(9)(adaptive)",
 "rmlock(9)(adaptive)", "mtx(9)(spin)"
};
_Static_assert((sizeof((pb_head_impl)) / sizeof((pb_head_impl)[0])) == (sizeof((pb_head_names)) / sizeof((pb_head_names)[0])), "compile-time assertion failed");
_Static_assert((sizeof((pb_hook_impl)) / sizeof((pb_hook_impl)[0])) == (sizeof((pb_hook_names)) / sizeof((pb_hook_names)[0])), "compile-time assertion failed");
enum pb_input { PB_INPUT_MEM, PB_INPUT_MBUF };
static const char *const pb_input_names[] = { "mem", "mbuf" };
struct pb_cfg {
 int threads;
 uint64_t count;
 int duration_ms;
 int warmup_ms;
 int delay_ns;
 int hooks;
 int shared;
 int write_ms;
 int pin;
 char head[16];
 char hook[16];
 char input[16];
 char tag[40];
};
struct pb_run {
 uint64_t id;
 int nthreads;
 uint64_t count;
 enum pb_head head;
 enum pb_hook hook;
 enum pb_input input;
 int write_ms;
 int pin;
 int delay_ns;
 int hooks;
 int shared;
 int duration_ms;
 int warmup_ms;
 char tag[40];
 sbintime_t spin_sbt;
 uint64_t clock_ns;
 u_int batch;
};
struct pb_kthread {
 struct thread *td;
 bool reap;
};
struct pb_worker {
 struct pb_kthread kt;
 int id;
 int bind_cpu;
 int cpu;
 uint64_t calls;
 uint64_t calls_first;
 sbintime_t start, end;
 uint64_t busywait_ns;
 long nvcsw, nivcsw;
 uint64_t yields;
 uint64_t migrations;
} __attribute__((__aligned__((1 << 6))));
struct pb_hookctx {
 struct mtx mtx;
 struct mtx spin;
 struct rwlock rw;
 struct rmlock rm;
 int idx;
} __attribute__((__aligned__((1 << 6))));
static struct pb_softc {
 struct mtx lock;
 struct pb_cfg cfg;
 enum pb_state state;
 char errmsg[160];
 bool gone;
 int inflight;
 volatile int stop;
 bool go;
 int ready;
 volatile u_int warming;
 volatile u_int cooling;
 bool timed;
 sbintime_t t_go;
 int live;
 uint64_t nruns;
 uint64_t writes;
 uint64_t write_ns;
 uint64_t missed;
 sbintime_t wstart, wend;
 int writer_cpu;
 int writer_bound;
 struct sysctl_oid *oid;
 volatile u_int first_end __attribute__((__aligned__((1 << 6))));
 struct pb_run run __attribute__((__aligned__((1 << 6))));
 struct pb_worker *workers;
 int nworkers;
 struct pb_kthread writer;
 pfil_head_t head;
 pfil_hook_t hooks[8];
 bool linked[8];
 bool locks_inited;
 struct rwlock head_rw __attribute__((__aligned__((1 << 6))));
 struct rmlock head_rm __attribute__((__aligned__((1 << 6))));
 struct pb_hookctx hookctx[8];
} pb_sc = {
 .cfg = {
  .threads = 1,
  .count = 100000,
  .duration_ms = 0,
  .warmup_ms = 10,
  .delay_ns = 1000,
  .hooks = 3,
  .shared = 0,
  .write_ms = 0,
  .pin = 0,
  .head = "rm",
  .hook = "null",
  .input = "mem",
  .tag = "",
 },
 .state = PB_IDLE,
};
static struct mtx_args pfilbench_lock_args = { (&pb_sc.lock), ("pfilbench"), (0x00000000) }; static struct sysinit pfilbench_lock_mtx_sysinit_sys_init = { SI_SUB_LOCK, SI_ORDER_MIDDLE, { ((void *)0) }, (sysinit_cfunc_t)(sysinit_nfunc_t)mtx_sysinit, ((void *)(&pfilbench_lock_args)) }; __asm__(".weak " "__start_set_sysinit_set"); __asm__(".weak " "__stop_set_sysinit_set"); static void const * __set_sysinit_set_sym_pfilbench_lock_mtx_sysinit_sys_init __attribute__((__section__("set_" "sysinit_set"))) __attribute__((__used__)) = &(pfilbench_lock_mtx_sysinit_sys_init); static struct sysinit pfilbench_lock_mtx_sysuninit_sys_uninit = { SI_SUB_LOCK, SI_ORDER_MIDDLE, { ((void *)0) }, (sysinit_cfunc_t)(sysinit_nfunc_t)_mtx_destroy, ((void *)(((void *)(__uintptr_t)(volatile void *)(&(&pb_sc.lock)->mtx_lock)))) }; __asm__(".weak " "__start_set_sysuninit_set"); __asm__(".weak " "__stop_set_sysuninit_set"); static void const * __set_sysuninit_set_sym_pfilbench_lock_mtx_sysuninit_sys_uninit __attribute__((__section__("set_" "sysuninit_set"))) __attribute__((__used__)) = &(pfilbench_lock_mtx_sysuninit_sys_uninit);
static struct sx pb_ctl;
static struct sx_args pfilbench_ctl_args = { (&pb_ctl), ("pfilbench control"), (0) }; static struct sysinit pfilbench_ctl_sx_sysinit_sys_init = { SI_SUB_LOCK, SI_ORDER_MIDDLE, { ((void *)0) }, (sysinit_cfunc_t)(sysinit_nfunc_t)sx_sysinit, ((void *)(&pfilbench_ctl_args)) }; __asm__(".weak " "__start_set_sysinit_set"); __asm__(".weak " "__stop_set_sysinit_set"); static void const * __set_sysinit_set_sym_pfilbench_ctl_sx_sysinit_sys_init __attribute__((__section__("set_" "sysinit_set"))) __attribute__((__used__)) = &(pfilbench_ctl_sx_sysinit_sys_init); static struct sysinit pfilbench_ctl_sx_sysuninit_sys_uninit = { SI_SUB_LOCK, SI_ORDER_MIDDLE, { ((void *)0) }, (sysinit_cfunc_t)(sysinit_nfunc_t)sx_destroy, ((void *)((&pb_ctl))) }; __asm__(".weak " "__start_set_sysuninit_set"); __asm__(".weak " "__stop_set_sysuninit_set"); static void const * __set_sysuninit_set_sym_pfilbench_ctl_sx_sysuninit_sys_uninit __attribute__((__section__("set_" "sysuninit_set"))) __attribute__((__used__)) = &(pfilbench_ctl_sx_sysuninit_sys_uninit);
static __inline void
pb_busywait(const struct pb_run *r)
{
 sbintime_t end;
 if (r->delay_ns == 0)
  return;
 end = sbinuptime() + r->spin_sbt;
 while (sbinuptime() < end)
  ia32_pause();
}
static uint64_t
pb_clock_cost(void)
{
 sbintime_t t0;
 int i;
 t0 = sbinuptime();
 for (i = 0; i < 256; i++)
  (void)sbinuptime();
 return (sbttons(sbinuptime() - t0) / 257);
}
static uint64_t
pb_measure_busywait(const struct pb_run *r)
{
 sbintime_t t0;
 uint64_t i, n;
 if (r->delay_ns == 0)
  return (0);
 n = (((1000)<((((8)>(2000000 / r->delay_ns))?(8):(2000000 / r->delay_ns))))?(1000):((((8)>(2000000 / r->delay_ns))?(8):(2000000 / r->delay_ns))));
 t0 = sbinuptime();
 for (i = 0; i < n; i++)
  pb_busywait(r);
 return (sbttons(sbinuptime() - t0) / n);
}
static void
pb_hook_work(struct pb_hookctx *h)
{
 const struct pb_run *r = &pb_sc.run;
 struct rm_priotracker rmt;
 if (r->shared)
  h = &pb_sc.hookctx[0];
 switch (r->hook) {
 case PB_HOOK_NULL:
  pb_busywait(r);
  break;
 case PB_HOOK_MTX:
  __mtx_lock_flags(&((((&h->mtx))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (380));
  pb_busywait(r);
  __mtx_unlock_flags(&((((&h->mtx))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (382));
  break;
 case PB_HOOK_RW:
  __rw_rlock(&((&h->rw))->rw_lock, "/work/main/kmod/freebsd/pfilbench.c", 385);
  pb_busywait(r);
  _rw_runlock_cookie(&((&h->rw))->rw_lock, "/work/main/kmod/freebsd/pfilbench.c", 387);
  break;
 case PB_HOOK_RM:
  ((void)_rm_rlock_debug((&h->rm),(&rmt), 0, "/work/main/kmod/freebsd/pfilbench.c", 390 ));
  pb_busywait(r);
  _rm_runlock_debug((&h->rm), (&rmt), "/work/main/kmod/freebsd/pfilbench.c", 392 );
  break;
 case PB_HOOK_SPIN:
  __mtx_lock_spin_flags(&((((&h->spin))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (396));
  pb_busywait(r);
  __mtx_unlock_spin_flags(&((((&h->spin))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (398));
  break;
 }
}
static pfil_return_t
pb_hook_mem(void *mem __attribute__((__unused__)), u_int len __attribute__((__unused__)), int flags __attribute__((__unused__)),
    struct ifnet *ifp __attribute__((__unused__)), void *ruleset, struct mbuf **mp __attribute__((__unused__)))
{
 pb_hook_work(ruleset);
 return (PFIL_PASS);
}
static pfil_return_t
pb_hook_mbuf(struct mbuf **mp __attribute__((__unused__)), struct ifnet *ifp __attribute__((__unused__)),
    int flags __attribute__((__unused__)), void *ruleset, struct inpcb *inp __attribute__((__unused__)))
{
 pb_hook_work(ruleset);
 return (PFIL_PASS);
}
static __inline int
pb_chain(struct pb_softc *sc, const struct pb_run *r, void *pkt,
    struct mbuf **mp)
{
 struct mbuf *m;
 int rv;
 if (r->input == PB_INPUT_MBUF)
  return (pfil_mbuf_in(sc->head, mp, ((void *)0), ((void *)0)));
 m = ((void *)0);
 rv = pfil_mem_in(sc->head, pkt, 64, ((void *)0), &m);
 if (rv == PFIL_REALLOCED && m != ((void *)0))
  m_freem(m);
 return (rv);
}
static __inline int
pb_one(struct pb_softc *sc, const struct pb_run *r, void *pkt,
    struct mbuf **mp)
{
 struct epoch_tracker et;
 struct rm_priotracker rmt;
 int rv;
 switch (r->head) {
 case PB_HEAD_EPOCH:
  _epoch_enter_preempt(net_epoch_preempt, &(et));
  rv = pb_chain(sc, r, pkt, mp);
  _epoch_exit_preempt(net_epoch_preempt, &(et));
  break;
 case PB_HEAD_RW:
  __rw_rlock(&((&sc->head_rw))->rw_lock, "/work/main/kmod/freebsd/pfilbench.c", 459);
  rv = pb_chain(sc, r, pkt, mp);
  _rw_runlock_cookie(&((&sc->head_rw))->rw_lock, "/work/main/kmod/freebsd/pfilbench.c", 461);
  break;
 case PB_HEAD_RM:
  ((void)_rm_rlock_debug((&sc->head_rm),(&rmt), 0, "/work/main/kmod/freebsd/pfilbench.c", 464 ));
  rv = pb_chain(sc, r, pkt, mp);
  _rm_runlock_debug((&sc->head_rm), (&rmt), "/work/main/kmod/freebsd/pfilbench.c", 466 );
  break;
 case PB_HEAD_NONE:
 default:
  rv = pb_chain(sc, r, pkt, mp);
  break;
 }
 return (rv);
}
static uint64_t
pb_batch(struct pb_softc *sc, const struct pb_run *r, void *pkt,
    struct mbuf **mp, uint64_t max, int *rv)
{
 struct epoch_tracker et;
 u_int j, n;
 n = (u_int)(((max)<((uint64_t)r->batch))?(max):((uint64_t)r->batch));
 *rv = PFIL_PASS;
 if (r->head != PB_HEAD_EPOCH)
  _epoch_enter_preempt(net_epoch_preempt, &(et));
 for (j = 0; j < n; j++) {
  *rv = pb_one(sc, r, pkt, mp);
  if (*rv != PFIL_PASS)
   break;
 }
 if (r->head != PB_HEAD_EPOCH)
  _epoch_exit_preempt(net_epoch_preempt, &(et));
 kern_yield(-1);
 return (j);
}
static void
pb_finish(struct pb_softc *sc)
{
 (void)0;
 if (--sc->live > 0)
  return;
 if (sc->state == PB_RUNNING)
  sc->state = PB_DONE;
 wakeup(&sc->state);
}
static void
pb_fail(struct pb_softc *sc, const char *why)
{
 (void)0;
 if (sc->state == PB_RUNNING) {
  sc->state = PB_ERROR;
  strlcpy(sc->errmsg, why, sizeof(sc->errmsg));
  wakeup(&sc->state);
 }
 sc->stop = 1;
 wakeup(&sc->go);
 wakeup(&sc->writer);
}
static void
pb_park(struct pb_softc *sc, struct pb_kthread *kt)
{
 (void)0;
 while (!kt->reap)
  _sleep((kt), &(&sc->lock)->lock_object, (0), ("pbpark"), tick_sbt * (0), 0, 0x0100);
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (544));
}
static void
pb_thread_setup(int cpu)
{
 thread_lock_flags_(((__curthread())), 0, "/work/main/kmod/freebsd/pfilbench.c", 556);
 sched_prio((__curthread()), (((224) - 1) - (20 - -20) / 2));
 if (cpu >= 0)
  sched_bind((__curthread()), cpu);
 __mtx_unlock_spin_flags(&((((((__curthread()))->td_lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (560));
}
static void
pb_start_line(struct pb_softc *sc, bool worker)
{
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (568));
 if (worker && ++sc->ready == sc->run.nthreads) {
  sc->go = 1;
  wakeup(&sc->go);
 }
 while (!sc->go && !sc->stop)
  _sleep((&sc->go), &(&sc->lock)->lock_object, (0), ("pbgo"), tick_sbt * (0), 0, 0x0100);
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (575));
}
extern struct cpu_group *cpu_top;
static bool
pb_is_core(const struct cpu_group *g)
{
 return (g->cg_count > 1 && ((g->cg_flags & (0x01 | 0x02)) != 0 ||
     g->cg_level == 1));
}
static int
pb_core_of(int cpu)
{
 const struct cpu_group *g;
 int i;
 g = cpu_top;
 while (g != ((void *)0) && ((((&g->cg_mask)->__bits[((__builtin_constant_p(((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && ((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? 0 : ((cpu) / (sizeof(long) * 8)))] & (1UL << ((__builtin_constant_p((((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && (((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? (__size_t)((cpu)) : (((cpu)) % (sizeof(long) * 8))))) != 0))) {
  if (pb_is_core(g))
   return (__extension__ ({ __size_t __i; long __bit, __mask; __mask = ~0UL << ((0) % (sizeof(long) * 8)); __bit = 0; for (__i = ((__builtin_constant_p(((((((((1024)))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && ((((((((1024)))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? 0 : (((0)) / (sizeof(long) * 8))); __i < ((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))); __i++) { if ((((&g->cg_mask))->__bits[__i] & __mask) != 0) { __bit = ffsl(((&g->cg_mask))->__bits[__i] & __mask); __bit += __i * (sizeof(long) * 8); break; } __mask = ~0UL; } __bit; }) - 1);
  for (i = 0; i < g->cg_children; i++)
   if (((((&g->cg_child[i].cg_mask)->__bits[((__builtin_constant_p(((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && ((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? 0 : ((cpu) / (sizeof(long) * 8)))] & (1UL << ((__builtin_constant_p((((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && (((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? (__size_t)((cpu)) : (((cpu)) % (sizeof(long) * 8))))) != 0)))
    break;
  g = i < g->cg_children ? &g->cg_child[i] : ((void *)0);
 }
 return (cpu);
}
static void
pb_worker(void *arg)
{
 struct pb_worker *w = arg;
 struct pb_softc *sc = &pb_sc;
 const struct pb_run *r = &sc->run;
 struct mbuf *m;
 sbintime_t t0, deadline, warmup;
 uint64_t i, max, nyield;
 long nvcsw, nivcsw;
 u_int left;
 int cpu, lastcpu, rv;
 bool seen;
 char why[160];
 char pkt[64] __attribute__((__aligned__(sizeof(void *))));
 __builtin_memset((pkt), (0), (sizeof(pkt)));
 m = ((void *)0);
 if (r->input == PB_INPUT_MBUF) {
  m = m_gethdr(0x0002, 1);
  m->m_len = m->m_pkthdr.len = 64;
 }
 pb_thread_setup(w->bind_cpu);
 w->busywait_ns = pb_measure_busywait(r);
 pb_start_line(sc, 1);
 pb_thread_setup(-1);
 rv = PFIL_PASS;
 warmup = sbinuptime() + (((sbintime_t)1 << 32) / 1000) * r->warmup_ms;
 do {
  (void)pb_batch(sc, r, pkt, &m, 0xffffffffffffffff, &rv);
 } while (sbinuptime() < warmup && !sc->stop && rv == PFIL_PASS);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (663));
 if (sc->warming == 1) {
  sc->t_go = sbinuptime();
  sc->timed = 1;
  wakeup(&sc->writer);
 }
 atomic_store_rel_int(&sc->warming, sc->warming - 1);
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (670));
 while (atomic_load_acq_int(&sc->warming) > 0 && !sc->stop &&
     rv == PFIL_PASS)
  (void)pb_batch(sc, r, pkt, &m, 0xffffffffffffffff, &rv);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (675));
 deadline = sc->t_go + (((sbintime_t)1 << 32) / 1000) * r->duration_ms;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (677));
 nvcsw = (__curthread())->td_ru.ru_nvcsw;
 nivcsw = (__curthread())->td_ru.ru_nivcsw;
 lastcpu = __extension__ ({ static struct pcpu __attribute__((address_space(256))) *__pc = 0; __pc->pc_cpuid; });
 i = nyield = 0;
 seen = 0;
 t0 = sbinuptime();
 w->start = t0;
 while (rv == PFIL_PASS && !sc->stop) {
  if (r->duration_ms > 0) {
   if (i > 0 && sbinuptime() >= deadline)
    break;
   max = 0xffffffffffffffff;
  } else {
   if (i >= r->count)
    break;
   max = r->count - i;
  }
  i += pb_batch(sc, r, pkt, &m, max, &rv);
  nyield++;
  cpu = __extension__ ({ static struct pcpu __attribute__((address_space(256))) *__pc = 0; __pc->pc_cpuid; });
  if (cpu != lastcpu) {
   w->migrations++;
   lastcpu = cpu;
  }
  if (!seen && atomic_load_acq_int(&sc->first_end) != 0) {
   w->calls_first = i;
   seen = 1;
  }
 }
 w->end = sbinuptime();
 left = atomic_fetchadd_int(&sc->cooling, (u_int)-1);
 if (left == (u_int)r->nthreads)
  atomic_store_rel_int(&sc->first_end, 1);
 w->calls = i;
 if (!seen)
  w->calls_first = i;
 w->yields = nyield;
 w->cpu = __extension__ ({ static struct pcpu __attribute__((address_space(256))) *__pc = 0; __pc->pc_cpuid; });
 w->nvcsw = (__curthread())->td_ru.ru_nvcsw - nvcsw;
 w->nivcsw = (__curthread())->td_ru.ru_nivcsw - nivcsw;
 if (left == 1) {
  __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (723));
  wakeup(&sc->writer);
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (725));
 } else {
  while (atomic_load_acq_int(&sc->cooling) > 0 && !sc->stop &&
      rv == PFIL_PASS)
   (void)pb_batch(sc, r, pkt, &m, 0xffffffffffffffff, &rv);
 }
 if (w->bind_cpu >= 0) {
  thread_lock_flags_(((__curthread())), 0, "/work/main/kmod/freebsd/pfilbench.c", 733);
  sched_unbind((__curthread()));
  __mtx_unlock_spin_flags(&((((((__curthread()))->td_lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (735));
 }
 if (m != ((void *)0) && rv != PFIL_DROPPED && rv != PFIL_CONSUMED)
  m_freem(m);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (741));
 if (rv != PFIL_PASS) {
  snprintf(why, sizeof(why),
      "thread %d: pfil returned %d after %ju calls", w->id, rv,
      (uintmax_t)i);
  pb_fail(sc, why);
 }
 pb_finish(sc);
 pb_park(sc, &w->kt);
 kthread_exit();
}
static void
pb_writer(void *arg __attribute__((__unused__)))
{
 struct pb_softc *sc = &pb_sc;
 const struct pb_run *r = &sc->run;
 sbintime_t next, now, t1, period;
 uint64_t k;
 pb_thread_setup(sc->writer_bound);
 pb_start_line(sc, 0);
 pb_thread_setup(-1);
 period = (((sbintime_t)1 << 32) / 1000) * r->write_ms;
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (772));
 while (!sc->timed && !sc->stop)
  _sleep((&sc->writer), &(&sc->lock)->lock_object, (0), ("pbwgo"), tick_sbt * (0), 0, 0x0100);
 sc->wstart = sc->t_go;
 next = sc->t_go + period;
 while (!sc->stop && sc->cooling > 0) {
  (void)_sleep((&sc->writer), &(&sc->lock)->lock_object, (0), ("pbwrite"), (next), (0), (0x0200));
  if (sc->stop || sc->cooling == 0)
   break;
  now = sbinuptime();
  if (now < next)
   continue;
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (785));
  pb_thread_setup(-1);
  now = sbinuptime();
  switch (r->head) {
  case PB_HEAD_RW:
   _rw_wlock_cookie(&((&sc->head_rw))->rw_lock, "/work/main/kmod/freebsd/pfilbench.c", 790);
   _rw_wunlock_cookie(&((&sc->head_rw))->rw_lock, "/work/main/kmod/freebsd/pfilbench.c", 791);
   break;
  case PB_HEAD_RM:
   _rm_wlock_debug((&sc->head_rm), "/work/main/kmod/freebsd/pfilbench.c", 794);
   _rm_wunlock_debug((&sc->head_rm), "/work/main/kmod/freebsd/pfilbench.c", 795);
   break;
  case PB_HEAD_EPOCH:
   epoch_wait_preempt(net_epoch_preempt);
   break;
  case PB_HEAD_NONE:
   break;
  }
  t1 = sbinuptime();
  __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (805));
  sc->writes++;
  sc->write_ns += sbttons(t1 - now);
  next += period;
  if (t1 >= next) {
   k = (uint64_t)((t1 - next) / period) + 1;
   sc->missed += k;
   next += (sbintime_t)k * period;
  }
 }
 sc->wend = sbinuptime();
 if (sc->timed && sc->wend >= next)
  sc->missed += (uint64_t)((sc->wend - next) / period) + 1;
 sc->writer_cpu = __extension__ ({ static struct pcpu __attribute__((address_space(256))) *__pc = 0; __pc->pc_cpuid; });
 if (sc->writer_bound >= 0) {
  thread_lock_flags_(((__curthread())), 0, "/work/main/kmod/freebsd/pfilbench.c", 821);
  sched_unbind((__curthread()));
  __mtx_unlock_spin_flags(&((((((__curthread()))->td_lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (823));
 }
 pb_finish(sc);
 pb_park(sc, &sc->writer);
 kthread_exit();
}
static void
pb_reap(struct pb_softc *sc, struct pb_kthread *kt)
{
 (void)0;
 (void)0;
 if (kt->td == ((void *)0))
  return;
 kt->reap = 1;
 wakeup(kt);
 (void)_sleep((kt->td), &(&sc->lock)->lock_object, (((48) + 28)), ("pbreap"), tick_sbt * (0), 0, 0x0100);
 kt->td = ((void *)0);
 kt->reap = 0;
}
static void
pb_reap_all(struct pb_softc *sc, const char *why)
{
 int i;
 (void)0;
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (861));
 if (why != ((void *)0))
  pb_fail(sc, why);
 for (i = 0; i < sc->nworkers; i++)
  pb_reap(sc, &sc->workers[i].kt);
 pb_reap(sc, &sc->writer);
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (867));
}
static int
pb_lookup(const char *const *names, int n, const char *s)
{
 int i;
 for (i = 0; i < n; i++)
  if (__builtin_strcmp((names[i]), (s)) == 0)
   return (i);
 return (-1);
}
static int
pb_validate(const struct pb_cfg *c, struct pb_run *r, char *msg, size_t len)
{
 int k, maxthreads;
 __builtin_memset((r), (0), (sizeof(*r)));
 maxthreads = 4 * mp_ncpus;
 if (c->threads < 1 || c->threads > maxthreads) {
  snprintf(msg, len, "threads %d: must be 1..%d (4 x %d CPUs)",
      c->threads, maxthreads, mp_ncpus);
  return (22);
 }
 if (c->count == 0 && c->duration_ms == 0) {
  snprintf(msg, len, "count must be at least 1");
  return (22);
 }
 if (c->duration_ms < 0 || c->duration_ms > 3600000) {
  snprintf(msg, len, "duration_ms %d: must be 0..%d",
      c->duration_ms, 3600000);
  return (22);
 }
 if (c->warmup_ms < 0 || c->warmup_ms > 10000) {
  snprintf(msg, len, "warmup_ms %d: must be 0..%d",
      c->warmup_ms, 10000);
  return (22);
 }
 if (c->hooks < 1 || c->hooks > 8) {
  snprintf(msg, len, "hooks %d: 1 to %d", c->hooks, 8);
  return (22);
 }
 if (c->shared != 0 && c->shared != 1) {
  snprintf(msg, len, "shared %d: must be 0 or 1", c->shared);
  return (22);
 }
 if (c->delay_ns < 0 || c->delay_ns > 1000000) {
  snprintf(msg, len, "delay_ns %d: must be 0..%d (1 ms)",
      c->delay_ns, 1000000);
  return (22);
 }
 if (c->write_ms < 0 || c->write_ms > 3600000) {
  snprintf(msg, len, "write_ms %d: must be 0..%d", c->write_ms,
      3600000);
  return (22);
 }
 if (c->pin < 0 || c->pin > 2) {
  snprintf(msg, len, "pin %d: 0 (unbound), 1 (cores) or 2 (SMT)",
      c->pin);
  return (22);
 }
 if ((k = pb_lookup(pb_head_names, (sizeof((pb_head_names)) / sizeof((pb_head_names)[0])),
     c->head)) < 0) {
  snprintf(msg, len, "unknown head lock '%s' (epoch, rw, rm, none)",
      c->head);
  return (22);
 }
 r->head = k;
 if (__builtin_strcmp((c->hook), ("rwsem")) == 0) {
  snprintf(msg, len, "hook lock rwsem is Linux's rw_semaphore; "
      "FreeBSD's sx(9) may sleep, not allowed in the net epoch");
  return (22);
 }
 if ((k = pb_lookup(pb_hook_names, (sizeof((pb_hook_names)) / sizeof((pb_hook_names)[0])),
     c->hook)) < 0) {
  snprintf(msg, len,
      "unknown hook lock '%s' (null, mtx, rw, rm, spin)", c->hook);
  return (22);
 }
 r->hook = k;
 if ((k = pb_lookup(pb_input_names, (sizeof((pb_input_names)) / sizeof((pb_input_names)[0])),
     c->input)) < 0) {
  snprintf(msg, len, "unknown input '%s' (mem, mbuf)", c->input);
  return (22);
 }
 r->input = k;
 r->nthreads = c->threads;
 r->count = c->count;
 r->write_ms = c->write_ms;
 r->pin = c->pin;
 r->delay_ns = c->delay_ns;
 r->hooks = c->hooks;
 r->shared = c->shared;
 r->duration_ms = c->duration_ms;
 r->warmup_ms = c->warmup_ms;
 strlcpy(r->tag, c->tag, sizeof(r->tag));
 r->batch = 64;
 if (c->delay_ns > 0)
  r->batch = (((1)>((((64)<(100000 / (c->hooks * c->delay_ns)))?(64):(100000 / (c->hooks * c->delay_ns)))))?(1):((((64)<(100000 / (c->hooks * c->delay_ns)))?(64):(100000 / (c->hooks * c->delay_ns)))));
 return (0);
}
static int
pb_cpu_order(int *order, int max, int pin)
{
 int cpu, sib, n;
 n = 0;
 for ((cpu) = 0; (cpu) <= mp_maxid; (cpu)++) if (!(!((((&all_cpus)->__bits[((__builtin_constant_p(((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && ((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? 0 : (((cpu)) / (sizeof(long) * 8)))] & (1UL << ((__builtin_constant_p((((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && (((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? (__size_t)(((cpu))) : ((((cpu))) % (sizeof(long) * 8))))) != 0)))) {
  if (pb_core_of(cpu) != cpu)
   continue;
  if (pin == 1) {
   if (n < max)
    order[n++] = cpu;
   continue;
  }
  for ((sib) = 0; (sib) <= mp_maxid; (sib)++) if (!(!((((&all_cpus)->__bits[((__builtin_constant_p(((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && ((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? 0 : (((sib)) / (sizeof(long) * 8)))] & (1UL << ((__builtin_constant_p((((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && (((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? (__size_t)(((sib))) : ((((sib))) % (sizeof(long) * 8))))) != 0))))
   if (pb_core_of(sib) == cpu && n < max)
    order[n++] = sib;
 }
 if (pin == 1) {
  for ((cpu) = 0; (cpu) <= mp_maxid; (cpu)++) if (!(!((((&all_cpus)->__bits[((__builtin_constant_p(((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && ((((((1024)) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? 0 : (((cpu)) / (sizeof(long) * 8)))] & (1UL << ((__builtin_constant_p((((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) && (((((((1024))) + (((sizeof(long) * 8)) - 1)) / ((sizeof(long) * 8)))) == 1)) ? (__size_t)(((cpu))) : ((((cpu))) % (sizeof(long) * 8))))) != 0))))
   if (pb_core_of(cpu) != cpu && n < max)
    order[n++] = cpu;
 }
 return (n);
}
static int
pb_link_hooks(struct pb_softc *sc, int n)
{
 struct pfil_link_args pla;
 int error, i;
 error = 0;
 do { } while (0); struct vnet *saved_vnet = (__curthread())->td_vnet; (__curthread())->td_vnet = vnet0;;
 for (i = 0; i < 8; i++) {
  if (!sc->linked[i])
   continue;
  __builtin_memset((&pla), (0), (sizeof(pla)));
  pla.pa_version = 2;
  pla.pa_flags = 0x00010000 | 0x00800000 | 0x00100000 |
      0x00200000;
  pla.pa_head = sc->head;
  pla.pa_hook = sc->hooks[i];
  (void)pfil_link(&pla);
  sc->linked[i] = 0;
 }
 for (i = 0; i < n && error == 0; i++) {
  __builtin_memset((&pla), (0), (sizeof(pla)));
  pla.pa_version = 2;
  pla.pa_flags = 0x00010000 | 0x00100000 | 0x00200000 |
      0x00400000;
  pla.pa_head = sc->head;
  pla.pa_hook = sc->hooks[i];
  error = pfil_link(&pla);
  if (error == 0)
   sc->linked[i] = 1;
 }
 do { } while (0); (__curthread())->td_vnet = saved_vnet;;
 return (error);
}
static int
pb_start(struct pb_softc *sc)
{
 struct pb_cfg cfg;
 struct pb_run r;
 char msg[160];
 int *order;
 int error, i, n, nlive, wcpu;
 (void)_sx_xlock(((&pb_ctl)), 0, ("/work/main/kmod/freebsd/pfilbench.c"), (1059));
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1060));
 if (sc->gone) {
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1062));
  _sx_xunlock(((&pb_ctl)), ("/work/main/kmod/freebsd/pfilbench.c"), (1063));
  return (6);
 }
 if (sc->state == PB_RUNNING) {
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1067));
  _sx_xunlock(((&pb_ctl)), ("/work/main/kmod/freebsd/pfilbench.c"), (1068));
  return (16);
 }
 cfg = sc->cfg;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1072));
 msg[0] = '\0';
 error = pb_validate(&cfg, &r, msg, sizeof(msg));
 if (error != 0) {
  __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1078));
  strlcpy(sc->errmsg, msg, sizeof(sc->errmsg));
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1080));
  _sx_xunlock(((&pb_ctl)), ("/work/main/kmod/freebsd/pfilbench.c"), (1081));
  return (error);
 }
 pb_reap_all(sc, ((void *)0));
 error = pb_link_hooks(sc, r.hooks);
 if (error != 0) {
  __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1089));
  snprintf(sc->errmsg, sizeof(sc->errmsg),
      "pfil_link: error %d", error);
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1092));
  _sx_xunlock(((&pb_ctl)), ("/work/main/kmod/freebsd/pfilbench.c"), (1093));
  return (error);
 }
 free(sc->workers, M_PFILBENCH);
 sc->workers = ({ void *_malloc_item; size_t _size = (sizeof(*sc->workers) * r.nthreads); if (__builtin_constant_p(sizeof(*sc->workers) * r.nthreads) && __builtin_constant_p(0x0002 | 0x0100) && ((0x0002 | 0x0100) & 0x0100) != 0) { _malloc_item = malloc(_size, M_PFILBENCH, (0x0002 | 0x0100) &~ 0x0100); if (((0x0002 | 0x0100) & 0x0002) != 0 || __builtin_expect((_malloc_item != ((void *)0)), 1)) __builtin_memset((_malloc_item), (0), (_size)); } else { _malloc_item = malloc(_size, M_PFILBENCH, 0x0002 | 0x0100); } _malloc_item; });
 sc->nworkers = r.nthreads;
 order = ({ void *_malloc_item; size_t _size = (sizeof(*order) * (mp_maxid + 1)); if (__builtin_constant_p(sizeof(*order) * (mp_maxid + 1)) && __builtin_constant_p(0x0002 | 0x0100) && ((0x0002 | 0x0100) & 0x0100) != 0) { _malloc_item = malloc(_size, M_PFILBENCH, (0x0002 | 0x0100) &~ 0x0100); if (((0x0002 | 0x0100) & 0x0002) != 0 || __builtin_expect((_malloc_item != ((void *)0)), 1)) __builtin_memset((_malloc_item), (0), (_size)); } else { _malloc_item = malloc(_size, M_PFILBENCH, 0x0002 | 0x0100); } _malloc_item; });
 n = r.pin ? pb_cpu_order(order, mp_maxid + 1, r.pin) : 0;
 for (i = 0; i < r.nthreads; i++) {
  sc->workers[i].id = i;
  sc->workers[i].bind_cpu = n > 0 ? order[i % n] : -1;
  sc->workers[i].cpu = -1;
 }
 wcpu = r.nthreads < n ? order[r.nthreads] : -1;
 free(order, M_PFILBENCH);
 r.clock_ns = pb_clock_cost();
 r.spin_sbt = nstosbt((uint64_t)r.delay_ns -
     ((((uint64_t)r.delay_ns)<(r.clock_ns))?((uint64_t)r.delay_ns):(r.clock_ns)));
 nlive = r.nthreads + (r.write_ms > 0 ? 1 : 0);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1116));
 r.id = ++sc->nruns;
 sc->run = r;
 sc->state = PB_RUNNING;
 sc->errmsg[0] = '\0';
 sc->stop = 0;
 sc->go = 0;
 sc->ready = 0;
 sc->timed = 0;
 sc->t_go = 0;
 sc->warming = r.nthreads;
 sc->cooling = r.nthreads;
 sc->first_end = 0;
 sc->live = nlive;
 sc->writes = 0;
 sc->write_ns = 0;
 sc->missed = 0;
 sc->wstart = sc->wend = 0;
 sc->writer_cpu = -1;
 sc->writer_bound = wcpu;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1137));
 error = 0;
 for (i = 0; i < r.nthreads && error == 0; i++)
  error = kthread_add(pb_worker, &sc->workers[i], ((void *)0),
      &sc->workers[i].kt.td, 0, 0, "pfilbench %d", i);
 if (error == 0 && r.write_ms > 0)
  error = kthread_add(pb_writer, ((void *)0), ((void *)0), &sc->writer.td,
      0, 0, "pfilbench writer");
 if (error != 0) {
  snprintf(msg, sizeof(msg), "cannot create a thread: error %d",
      error);
  __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1153));
  for (i = 0; i < r.nthreads; i++)
   if (sc->workers[i].kt.td == ((void *)0))
    sc->live--;
  if (r.write_ms > 0 && sc->writer.td == ((void *)0))
   sc->live--;
  pb_fail(sc, msg);
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1160));
  pb_reap_all(sc, ((void *)0));
 }
 _sx_xunlock(((&pb_ctl)), ("/work/main/kmod/freebsd/pfilbench.c"), (1163));
 return (error);
}
static void
pb_locks_init(struct pb_softc *sc)
{
 struct pb_hookctx *h;
 int i;
 _rw_init_flags(&(&sc->head_rw)->rw_lock, "pfilbench head rw", 0);
 rm_init(&sc->head_rm, "pfilbench head rm");
 for (i = 0; i < 8; i++) {
  h = &sc->hookctx[i];
  h->idx = i;
  _mtx_init(&(&h->mtx)->mtx_lock, "pfilbench hook mtx", ((void *)0), 0x00000000);
  _mtx_init(&(&h->spin)->mtx_lock, "pfilbench hook spin", ((void *)0), 0x00000001);
  _rw_init_flags(&(&h->rw)->rw_lock, "pfilbench hook rw", 0);
  rm_init(&h->rm, "pfilbench hook rm");
 }
 sc->locks_inited = 1;
}
static void
pb_locks_destroy(struct pb_softc *sc)
{
 struct pb_hookctx *h;
 int i;
 if (!sc->locks_inited)
  return;
 for (i = 0; i < 8; i++) {
  h = &sc->hookctx[i];
  rm_destroy(&h->rm);
  _rw_destroy(&(&h->rw)->rw_lock);
  _mtx_destroy(&(&h->spin)->mtx_lock);
  _mtx_destroy(&(&h->mtx)->mtx_lock);
 }
 rm_destroy(&sc->head_rm);
 _rw_destroy(&(&sc->head_rw)->rw_lock);
 sc->locks_inited = 0;
}
static void
pb_detach(struct pb_softc *sc)
{
 struct sysctl_oid *oid;
 int i;
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1226));
 sc->gone = 1;
 wakeup(&sc->state);
 oid = sc->oid;
 sc->oid = ((void *)0);
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1231));
 if (oid != ((void *)0))
  (void)sysctl_remove_oid(oid, 1, 1);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1234));
 while (sc->inflight > 0)
  _sleep((&sc->inflight), &(&sc->lock)->lock_object, (0), ("pbdrain"), tick_sbt * (0), 0, 0x0100);
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1237));
 (void)_sx_xlock(((&pb_ctl)), 0, ("/work/main/kmod/freebsd/pfilbench.c"), (1239));
 pb_reap_all(sc, "stopped: module unloading");
 do { } while (0); struct vnet *saved_vnet = (__curthread())->td_vnet; (__curthread())->td_vnet = vnet0;;
 for (i = 0; i < 8; i++) {
  if (sc->hooks[i] != ((void *)0)) {
   pfil_remove_hook(sc->hooks[i]);
   sc->hooks[i] = ((void *)0);
  }
  sc->linked[i] = 0;
 }
 if (sc->head != ((void *)0)) {
  pfil_head_unregister(sc->head);
  sc->head = ((void *)0);
 }
 do { } while (0); (__curthread())->td_vnet = saved_vnet;;
 epoch_wait_preempt(net_epoch_preempt);
 pb_locks_destroy(sc);
 free(sc->workers, M_PFILBENCH);
 sc->workers = ((void *)0);
 sc->nworkers = 0;
 _sx_xunlock(((&pb_ctl)), ("/work/main/kmod/freebsd/pfilbench.c"), (1263));
}
static int
pb_attach(struct pb_softc *sc)
{
 struct pfil_head_args pha;
 struct pfil_hook_args pka;
 static const char *const rulnames[8] = {
  "hook0", "hook1", "hook2", "hook3", "hook4", "hook5",
  "hook6", "hook7"
 };
 int error, i;
 pb_locks_init(sc);
 do { } while (0); struct vnet *saved_vnet = (__curthread())->td_vnet; (__curthread())->td_vnet = vnet0;;
 __builtin_memset((&pha), (0), (sizeof(pha)));
 pha.pa_version = 2;
 pha.pa_flags = 0x00010000;
 pha.pa_type = PFIL_TYPE_ETHERNET;
 pha.pa_headname = "pfilbench";
 sc->head = pfil_head_register(&pha);
 for (i = 0; i < 8; i++) {
  __builtin_memset((&pka), (0), (sizeof(pka)));
  pka.pa_version = 2;
  pka.pa_flags = 0x00010000;
  pka.pa_type = PFIL_TYPE_ETHERNET;
  pka.pa_mbuf_chk = pb_hook_mbuf;
  pka.pa_mem_chk = pb_hook_mem;
  pka.pa_ruleset = &sc->hookctx[i];
  pka.pa_modname = "pfilbench";
  pka.pa_rulname = rulnames[i];
  sc->hooks[i] = pfil_add_hook(&pka);
 }
 do { } while (0); (__curthread())->td_vnet = saved_vnet;;
 error = pb_link_hooks(sc, sc->cfg.hooks);
 if (error != 0) {
  printf("pfilbench: pfil_link: error %d\n", error);
  pb_detach(sc);
 }
 return (error);
}
static int
pb_enter(struct pb_softc *sc)
{
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1324));
 if (sc->gone) {
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1326));
  return (6);
 }
 sc->inflight++;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1330));
 return (0);
}
static void
pb_leave(struct pb_softc *sc)
{
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1338));
 if (--sc->inflight == 0 && sc->gone)
  wakeup(&sc->inflight);
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1341));
}
static int
pb_cfg_store(struct pb_softc *sc, void *dst, const void *src, size_t len)
{
 (void)0;
 if (sc->state == PB_RUNNING)
  return (16);
 __builtin_memcpy((dst), (src), (len));
 return (0);
}
static int
pb_sysctl_int(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 int error, v;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1368));
 v = *(int *)arg1;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1370));
 error = sysctl_handle_int(oidp, &v, 0, req);
 if (error == 0 && req->newptr != ((void *)0)) {
  __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1373));
  error = pb_cfg_store(sc, arg1, &v, sizeof(v));
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1375));
 }
 pb_leave(sc);
 return (error);
}
static int
pb_sysctl_u64(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 uint64_t v;
 int error;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1390));
 v = *(uint64_t *)arg1;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1392));
 error = sysctl_handle_64(oidp, &v, 0, req);
 if (error == 0 && req->newptr != ((void *)0)) {
  __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1395));
  error = pb_cfg_store(sc, arg1, &v, sizeof(v));
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1397));
 }
 pb_leave(sc);
 return (error);
}
static int
pb_sysctl_name(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 struct pb_cfg c;
 struct pb_run r;
 char buf[40], msg[160];
 size_t i, size;
 int error;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 size = arg2 == 3 ? 40 : 16;
 __builtin_memset((buf), (0), (sizeof(buf)));
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1423));
 strlcpy(buf, arg1, size);
 c = sc->cfg;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1426));
 error = sysctl_handle_string(oidp, buf, size, req);
 if (error == 0 && req->newptr != ((void *)0)) {
  c.threads = 1;
  c.count = 1;
  c.duration_ms = 0;
  c.warmup_ms = 0;
  c.delay_ns = 0;
  c.hooks = 1;
  c.shared = 0;
  c.write_ms = 0;
  c.pin = 0;
  if (arg2 < 3)
   strlcpy(arg2 == 0 ? c.head : arg2 == 1 ? c.hook :
       c.input, buf, 16);
  msg[0] = '\0';
  for (i = 0; arg2 == 3 && buf[i] != '\0'; i++)
   if (strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq"
       "rstuvwxyz0123456789_.:-", buf[i]) == ((void *)0))
    snprintf(msg, sizeof(msg), "tag: one word of "
        "[A-Za-z0-9_.:-]");
  __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1448));
  error = msg[0] != '\0' ? 22 :
      pb_validate(&c, &r, msg, sizeof(msg));
  if (error != 0)
   strlcpy(sc->errmsg, msg, sizeof(sc->errmsg));
  else
   error = pb_cfg_store(sc, arg1, buf, size);
  __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1455));
 }
 pb_leave(sc);
 return (error);
}
static int
pb_sysctl_start(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 int error, v;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1469));
 v = sc->state == PB_RUNNING;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1471));
 error = sysctl_handle_int(oidp, &v, 0, req);
 if (error == 0 && req->newptr != ((void *)0))
  error = v == 1 ? pb_start(sc) : 22;
 pb_leave(sc);
 return (error);
}
static int
pb_sysctl_stop(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 int error, v;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 v = 0;
 error = sysctl_handle_int(oidp, &v, 0, req);
 if (error == 0 && req->newptr != ((void *)0)) {
  if (v == 1) {
   (void)_sx_xlock(((&pb_ctl)), 0, ("/work/main/kmod/freebsd/pfilbench.c"), (1492));
   pb_reap_all(sc, "stopped by request");
   _sx_xunlock(((&pb_ctl)), ("/work/main/kmod/freebsd/pfilbench.c"), (1494));
  } else
   error = 22;
 }
 pb_leave(sc);
 return (error);
}
static int
pb_sysctl_out(struct sysctl_oid *oidp, char *buf, size_t len,
    struct sysctl_req *req)
{
 return (sysctl_handle_string(oidp, buf, len, req));
}
static int
pb_sysctl_wait(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 char buf[16];
 int error;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1521));
 while (sc->state == PB_RUNNING && !sc->gone && error == 0)
  error = _sleep((&sc->state), &(&sc->lock)->lock_object, (0x100), ("pbwait"), tick_sbt * (0), 0, 0x0100);
 if (error == 0 && sc->gone)
  error = 6;
 strlcpy(buf, pb_state_names[sc->state], sizeof(buf));
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1527));
 if (error == (-1))
  error = 4;
 if (error == 0)
  error = pb_sysctl_out(oidp, buf, sizeof(buf), req);
 pb_leave(sc);
 return (error);
}
static int
pb_sysctl_text(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 char buf[160];
 int error;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1546));
 switch (arg2) {
 case 0:
  strlcpy(buf, pb_state_names[sc->state], sizeof(buf));
  break;
 case 1:
  strlcpy(buf, sc->errmsg, sizeof(buf));
  break;
 case 2:
  strlcpy(buf, "2.1", sizeof(buf));
  break;
 default:
  snprintf(buf, sizeof(buf), "%d", 1402000);
  break;
 }
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1562));
 error = pb_sysctl_out(oidp, buf, sizeof(buf), req);
 pb_leave(sc);
 return (error);
}
static int
pb_sysctl_stat(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 uint64_t v;
 int error;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 v = 4 * (uint64_t)mp_ncpus;
 error = sysctl_handle_64(oidp, &v, 0, req);
 pb_leave(sc);
 return (error);
}
static int
pb_sysctl_info(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 struct sbuf sb;
 size_t i;
 int error;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 sbuf_new_for_sysctl(&sb, ((void *)0), 512, req);
 switch (arg2) {
 case 0:
  sbuf_printf(&sb, "version %s\nheads", "2.1");
  for (i = 0; i < (sizeof((pb_head_names)) / sizeof((pb_head_names)[0])); i++)
   sbuf_printf(&sb, " %s", pb_head_names[i]);
  sbuf_printf(&sb, "\nhooks");
  for (i = 0; i < (sizeof((pb_hook_names)) / sizeof((pb_hook_names)[0])); i++)
   sbuf_printf(&sb, " %s", pb_hook_names[i]);
  sbuf_printf(&sb, "\natomic_heads epoch rw rm\n"
      "sleeping_hooks\nrefused\ndelay_max_ns %d\n"
      "write_max_ms %d\nduration_max_ms %d\nwarmup_max_ms %d\n"
      "hooks_max %d\nthreads_max %d\npin 0 1 2\n",
      1000000, 3600000, 3600000,
      10000, 8, 4 * mp_ncpus);
  break;
 case 1:
  sbuf_printf(&sb, "kld_lock_debug %d\nthread_priority %d\n",
      1, (((224) - 1) - (20 - -20) / 2));
  break;
 default:
  for (i = 0; i < (sizeof((pb_head_names)) / sizeof((pb_head_names)[0])); i++)
   sbuf_printf(&sb, "head_impl.%s %s\n", pb_head_names[i],
       pb_head_impl[i]);
  for (i = 0; i < (sizeof((pb_hook_names)) / sizeof((pb_hook_names)[0])); i++)
   sbuf_printf(&sb, "hook_impl.%s %s\n", pb_hook_names[i],
       pb_hook_impl[i]);
  break;
 }
 error = sbuf_finish(&sb);
 sbuf_delete(&sb);
 pb_leave(sc);
 return (error);
}
static int64_t
pb_rel(const struct pb_softc *sc, sbintime_t t)
{
 return (t >= sc->t_go ? (int64_t)sbttons(t - sc->t_go) :
     -(int64_t)sbttons(sc->t_go - t));
}
static int
pb_sysctl_results(struct sysctl_oid *oidp, void *arg1, intmax_t arg2, struct sysctl_req *req)
{
 struct pb_softc *sc = &pb_sc;
 const struct pb_run *r = &sc->run;
 struct pb_worker *w;
 struct sbuf sb;
 enum pb_state st;
 int error, i;
 if ((error = pb_enter(sc)) != 0)
  return (error);
 (void)_sx_slock(((&pb_ctl)), 0, ("/work/main/kmod/freebsd/pfilbench.c"), (1705));
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1706));
 st = sc->state;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1708));
 sbuf_new_for_sysctl(&sb, ((void *)0), 512, req);
 if (st == PB_DONE && sc->workers != ((void *)0)) {
  sbuf_printf(&sb, "run %ju tag %s head %s hook %s hooks %d "
      "shared %d threads %d count %ju duration_ms %d "
      "warmup_ms %d delay_ns %d write_ms %d pin %d\n",
      (uintmax_t)r->id, r->tag[0] != '\0' ? r->tag : "-",
      pb_head_names[r->head], pb_hook_names[r->hook], r->hooks,
      r->shared, r->nthreads, (uintmax_t)r->count,
      r->duration_ms, r->warmup_ms, r->delay_ns, r->write_ms,
      r->pin);
  sbuf_printf(&sb, "busywait clock clock_ns %ju spin_ns %ju\n",
      (uintmax_t)r->clock_ns, (uintmax_t)sbttons(r->spin_sbt));
  for (i = 0; i < sc->nworkers; i++) {
   w = &sc->workers[i];
   sbuf_printf(&sb, "thread %d cpu %d bound %d core 0.%d "
       "calls %ju start_ns %jd end_ns %jd busywait_ns %ju "
       "nvcsw %ld nivcsw %ld migrations %ju slow_walks 0 "
       "yields %ju at_first_end %ju\n",
       w->id, w->cpu, w->bind_cpu,
       w->cpu >= 0 ? pb_core_of(w->cpu) : -1,
       (uintmax_t)w->calls, (intmax_t)pb_rel(sc, w->start),
       (intmax_t)pb_rel(sc, w->end),
       (uintmax_t)w->busywait_ns, w->nvcsw, w->nivcsw,
       (uintmax_t)w->migrations, (uintmax_t)w->yields,
       (uintmax_t)w->calls_first);
  }
  if (r->write_ms > 0)
   sbuf_printf(&sb, "writer 0 cpu %d bound %d writes %ju "
       "ns %ju start_ns %jd end_ns %jd missed %ju\n",
       sc->writer_cpu, sc->writer_bound,
       (uintmax_t)sc->writes, (uintmax_t)sc->write_ns,
       (intmax_t)pb_rel(sc, sc->wstart),
       (intmax_t)pb_rel(sc, sc->wend),
       (uintmax_t)sc->missed);
 }
 error = sbuf_finish(&sb);
 sbuf_delete(&sb);
 _sx_sunlock(((&pb_ctl)), ("/work/main/kmod/freebsd/pfilbench.c"), (1746));
 pb_leave(sc);
 return (error);
}
static void
pb_sysctls_add(struct pb_softc *sc)
{
 struct sysctl_oid_list *kids;
 struct sysctl_oid *node;
 static const struct {
  const char *name;
  int *v;
  const char *descr;
 } ints[] = {
  { "threads", &pb_sc.cfg.threads,
    "kernel threads (1 .. 4 x mp_ncpus)" },
  { "duration_ms", &pb_sc.cfg.duration_ms,
    "timed phase in ms, every thread stopped together (0: count)" },
  { "warmup_ms", &pb_sc.cfg.warmup_ms,
    "warm-up before the timed phase, ms" },
  { "delay_ns", &pb_sc.cfg.delay_ns,
    "busy wait inside each hook, ns (0 .. 1000000)" },
  { "hooks", &pb_sc.cfg.hooks, "hooks on the chain (1 .. 8)" },
  { "shared", &pb_sc.cfg.shared,
    "1: one hook lock shared by every hook" },
  { "write_ms", &pb_sc.cfg.write_ms,
    "writer period in ms (0: no writer)" },
  { "pin", &pb_sc.cfg.pin,
    "0 unbound, 1 one thread per core, 2 SMT siblings first" },
 };
 static const struct {
  const char *name;
  char *v;
  int kind;
  const char *descr;
 } names[] = {
  { "head", pb_sc.cfg.head, 0, "head lock: epoch, rw, rm, none" },
  { "hook", pb_sc.cfg.hook, 1,
    "hook lock: null, mtx, rw, rm, spin" },
  { "input", pb_sc.cfg.input, 2,
    "mem (pfil_mem_in on a buffer) or mbuf (pfil_mbuf_in)" },
  { "tag", pb_sc.cfg.tag, 3,
    "the controller's name for the next run, in its results" },
 };
 static const struct {
  const char *name;
  int arg;
  const char *descr;
 } texts[] = {
  { "state", 0, "idle, running, done or error" },
  { "error", 1, "why the last start was refused or run failed" },
  { "version", 2, "module version" },
  { "release", 3, "__FreeBSD_version the module was built for" },
 };
 size_t i;
 node = ({ _Static_assert((((0x80000000|0x40000000) | 0x00040000) & 0xf) == 0 || (((0x80000000|0x40000000) | 0x00040000) & 0xf) == 1, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), (&sysctl___debug.oid_children), (-1), "pfilbench", 1|((0x80000000|0x40000000) | 0x00040000), ((void *)0), 0, 0, "N", "pfil(9) lock benchmark (kbench)", ((void *)0)); });
 kids = (&(node)->oid_children);
 for (i = 0; i < (sizeof((ints)) / sizeof((ints)[0])); i++)
  ({ _Static_assert(((2 | (0x80000000|0x40000000) | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), ints[i].name, (2 | (0x80000000|0x40000000) | 0x00040000), (ints[i].v), (0), (pb_sysctl_int), ("I"), ints[i].descr, ((void *)0)); });
 ({ _Static_assert(((9 | (0x80000000|0x40000000) | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), "count", (9 | (0x80000000|0x40000000) | 0x00040000), (&pb_sc.cfg.count), (0), (pb_sysctl_u64), ("QU"), "chain runs per thread, unless duration_ms", ((void *)0)); });
 for (i = 0; i < (sizeof((names)) / sizeof((names)[0])); i++)
  ({ _Static_assert(((3 | (0x80000000|0x40000000) | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), names[i].name, (3 | (0x80000000|0x40000000) | 0x00040000), (names[i].v), (names[i].kind), (pb_sysctl_name), ("A"), names[i].descr, ((void *)0)); });
 ({ _Static_assert(((2 | (0x80000000|0x40000000) | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), "start", (2 | (0x80000000|0x40000000) | 0x00040000), (((void *)0)), (0), (pb_sysctl_start), ("I"), "write 1 to start a run (EBUSY, EINVAL)", ((void *)0)); });
 ({ _Static_assert(((2 | (0x80000000|0x40000000) | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), "stop", (2 | (0x80000000|0x40000000) | 0x00040000), (((void *)0)), (0), (pb_sysctl_stop), ("I"), "write 1 to stop the run in progress", ((void *)0)); });
 ({ _Static_assert(((3 | 0x80000000 | 0x00040000 | 0x01000000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), "wait", (3 | 0x80000000 | 0x00040000 | 0x01000000), (((void *)0)), (0), (pb_sysctl_wait), ("A"), "sleeps while a run is in progress; then state", ((void *)0)); });
 for (i = 0; i < (sizeof((texts)) / sizeof((texts)[0])); i++)
  ({ _Static_assert(((3 | 0x80000000 | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), texts[i].name, (3 | 0x80000000 | 0x00040000), (((void *)0)), (texts[i].arg), (pb_sysctl_text), ("A"), texts[i].descr, ((void *)0)); });
 ({ _Static_assert(((3 | 0x80000000 | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), "results", (3 | 0x80000000 | 0x00040000), (((void *)0)), (0), (pb_sysctl_results), ("A"), "the last done run, one line per thread", ((void *)0)); });
 ({ _Static_assert(((3 | 0x80000000 | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), "caps", (3 | 0x80000000 | 0x00040000), (((void *)0)), (0), (pb_sysctl_info), ("A"), "heads, hooks, refused pairs, limits", ((void *)0)); });
 ({ _Static_assert(((3 | 0x80000000 | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), "kernel", (3 | 0x80000000 | 0x00040000), (((void *)0)), (1), (pb_sysctl_info), ("A"), "what the module fixes of its locks' conditions (lock_debug, priority)", ((void *)0)); });
 ({ _Static_assert(((3 | 0x80000000 | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), "impl", (3 | 0x80000000 | 0x00040000), (((void *)0)), (2), (pb_sysctl_info), ("A"), "the kernel primitive behind each lock name", ((void *)0)); });
 ({ _Static_assert(((9 | 0x80000000 | 0x00040000) & 0xf) != 0, "compile-time assertion failed"); ; sysctl_add_oid(((void *)0), kids, (-1), "max_threads", (9 | 0x80000000 | 0x00040000), (((void *)0)), (0), (pb_sysctl_stat), ("QU"), "4 x mp_ncpus", ((void *)0)); });
 __mtx_lock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1854));
 sc->oid = node;
 __mtx_unlock_flags(&((((&sc->lock))))->mtx_lock, ((0)), ("/work/main/kmod/freebsd/pfilbench.c"), (1856));
}
static int
pb_modevent(module_t mod __attribute__((__unused__)), int what, void *arg __attribute__((__unused__)))
{
 int error;
 switch (what) {
 case MOD_LOAD:
  error = pb_attach(&pb_sc);
  if (error == 0)
   pb_sysctls_add(&pb_sc);
  return (error);
 case MOD_QUIESCE:
  return (0);
 case MOD_UNLOAD:
  pb_detach(&pb_sc);
  return (0);
 default:
  return (45);
 }
}
static moduledata_t pb_mod = {
 "pfilbench",
 pb_modevent,
 ((void *)0)
};
static struct mod_depend _pfilbench_depend_on_kernel __attribute__((__section__(".data"))) = { 1402000, 1402000, (((((1402000)+((100000)-1))/(100000))*(100000)) - 1) }; static struct mod_metadata _mod_metadata_md_pfilbench_on_kernel = { 1, 1, &_pfilbench_depend_on_kernel, "kernel" }; __asm__(".weak " "__start_set_modmetadata_set"); __asm__(".weak " "__stop_set_modmetadata_set"); static void const * const __set_modmetadata_set_sym__mod_metadata_md_pfilbench_on_kernel __attribute__((__section__("set_" "modmetadata_set"))) __attribute__((__used__)) = &(_mod_metadata_md_pfilbench_on_kernel); static struct mod_metadata _mod_metadata_md_pfilbench = { 1, 2, &pb_mod, "pfilbench" }; __asm__(".weak " "__start_set_modmetadata_set"); __asm__(".weak " "__stop_set_modmetadata_set"); static void const * const __set_modmetadata_set_sym__mod_metadata_md_pfilbench __attribute__((__section__("set_" "modmetadata_set"))) __attribute__((__used__)) = &(_mod_metadata_md_pfilbench); static struct sysinit pfilbenchmodule_sys_init = { SI_SUB_PROTO_FIREWALL, SI_ORDER_ANY, { ((void *)0) }, (sysinit_cfunc_t)(sysinit_nfunc_t)module_register_init, ((void *)(&pb_mod)) }; __asm__(".weak " "__start_set_sysinit_set"); __asm__(".weak " "__stop_set_sysinit_set"); static void const * __set_sysinit_set_sym_pfilbenchmodule_sys_init __attribute__((__section__("set_" "sysinit_set"))) __attribute__((__used__)) = &(pfilbenchmodule_sys_init); struct __hack;
static struct mod_version _pfilbench_version __attribute__((__section__(".data"))) = { 1 }; static struct mod_metadata _mod_metadata_pfilbench_version = { 1, 3, &_pfilbench_version, "pfilbench" }; __asm__(".weak " "__start_set_modmetadata_set"); __asm__(".weak " "__stop_set_modmetadata_set"); static void const * const __set_modmetadata_set_sym__mod_metadata_pfilbench_version __attribute__((__section__("set_" "modmetadata_set"))) __attribute__((__used__)) = &(_mod_metadata_pfilbench_version);
