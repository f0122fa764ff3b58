// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20Like {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @title TokenLocker: time locks and vesting locks of tokens and LP tokens. Its read
/// interface follows the widely used "PinkLock v2" locker (lock, vestingLock,
/// totalLockCountForToken, getLocksForToken), so the same reader serves both.
contract TokenLocker {
    struct Lock {
        uint256 id;
        address token;
        address owner;
        uint256 amount;
        uint256 lockDate;
        uint256 tgeDate; // unlock date for normal locks, TGE date for vesting locks
        uint256 tgeBps; // 0 for normal locks
        uint256 cycle; // seconds; 0 for normal locks
        uint256 cycleBps; // 0 for normal locks
        uint256 unlockedAmount;
        string description;
    }

    Lock[] private _locks;
    mapping(address => uint256[]) private _locksForToken;
    mapping(uint256 => bool) public isLpLock;

    event LockAdded(uint256 indexed id, address token, address owner, uint256 amount, uint256 unlockDate);
    event LockRemoved(uint256 indexed id, address token, address owner, uint256 amount, uint256 unlockedAt);

    function lock(address owner, address token, bool isLpToken, uint256 amount, uint256 unlockDate, string memory description)
        external
        returns (uint256 id)
    {
        require(unlockDate > block.timestamp, "Unlock date should be in the future");
        id = _add(owner, token, isLpToken, amount, unlockDate, 0, 0, 0, description);
    }

    function vestingLock(
        address owner,
        address token,
        bool isLpToken,
        uint256 amount,
        uint256 tgeDate,
        uint256 tgeBps,
        uint256 cycle,
        uint256 cycleBps,
        string memory description
    ) external returns (uint256 id) {
        require(tgeDate > block.timestamp, "TGE date should be in the future");
        require(cycle > 0 && tgeBps > 0 && cycleBps > 0 && tgeBps + cycleBps <= 10000, "Invalid vesting");
        id = _add(owner, token, isLpToken, amount, tgeDate, tgeBps, cycle, cycleBps, description);
    }

    function unlock(uint256 id) external {
        Lock storage l = _locks[id];
        require(msg.sender == l.owner, "You are not the owner of this lock");
        uint256 amount = withdrawableTokens(id);
        require(amount > 0, "Nothing to unlock");
        l.unlockedAmount += amount;
        require(IERC20Like(l.token).transfer(l.owner, amount), "transfer failed");
        emit LockRemoved(id, l.token, l.owner, amount, block.timestamp);
    }

    function withdrawableTokens(uint256 id) public view returns (uint256) {
        Lock storage l = _locks[id];
        if (block.timestamp < l.tgeDate) return 0;
        if (l.cycle == 0) return l.amount - l.unlockedAmount;
        uint256 tge = (l.amount * l.tgeBps) / 10000;
        uint256 cycles = (block.timestamp - l.tgeDate) / l.cycle;
        uint256 vested = tge + (l.amount * l.cycleBps * cycles) / 10000;
        if (vested > l.amount) vested = l.amount;
        return vested - l.unlockedAmount;
    }

    function totalLockCountForToken(address token) external view returns (uint256) {
        return _locksForToken[token].length;
    }

    function getLocksForToken(address token, uint256 start, uint256 end) external view returns (Lock[] memory locks) {
        uint256[] storage ids = _locksForToken[token];
        if (end >= ids.length) end = ids.length == 0 ? 0 : ids.length - 1;
        if (ids.length == 0 || start > end) return new Lock[](0);
        locks = new Lock[](end - start + 1);
        for (uint256 i = start; i <= end; i++) locks[i - start] = _locks[ids[i]];
    }

    function getLockById(uint256 id) external view returns (Lock memory) {
        return _locks[id];
    }

    function _add(
        address owner,
        address token,
        bool isLpToken,
        uint256 amount,
        uint256 tgeDate,
        uint256 tgeBps,
        uint256 cycle,
        uint256 cycleBps,
        string memory description
    ) private returns (uint256 id) {
        require(amount > 0, "Amount should be greater than 0");
        require(IERC20Like(token).transferFrom(msg.sender, address(this), amount), "transferFrom failed");
        id = _locks.length;
        _locks.push(Lock(id, token, owner, amount, block.timestamp, tgeDate, tgeBps, cycle, cycleBps, 0, description));
        _locksForToken[token].push(id);
        isLpLock[id] = isLpToken;
        emit LockAdded(id, token, owner, amount, tgeDate);
    }
}
