// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20Transfer {
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function transfer(address to, uint256 amount) external returns (bool);
}

/// @title LpLocker: locks Uniswap V2 LP tokens until a date. Its read interface follows
/// the "Unicrypt/UNCX V2" liquidity locker (getNumLocksForToken, tokenLocks).
contract LpLocker {
    struct TokenLock {
        uint256 lockDate;
        uint256 amount;
        uint256 initialAmount;
        uint256 unlockDate;
        uint256 lockID;
        address owner;
    }

    mapping(address => TokenLock[]) public tokenLocks;
    uint256 private _nonce;

    event onDeposit(address lpToken, address user, uint256 amount, uint256 lockDate, uint256 unlockDate);
    event onWithdraw(address lpToken, uint256 amount);

    function lockLPToken(address lpToken, uint256 amount, uint256 unlockDate, address payable withdrawer) external payable {
        require(unlockDate < 10000000000, "TIMESTAMP INVALID");
        require(amount > 0, "INSUFFICIENT");
        require(IERC20Transfer(lpToken).transferFrom(msg.sender, address(this), amount), "transferFrom failed");
        tokenLocks[lpToken].push(TokenLock(block.timestamp, amount, amount, unlockDate, _nonce++, withdrawer));
        emit onDeposit(lpToken, withdrawer, amount, block.timestamp, unlockDate);
    }

    function withdraw(address lpToken, uint256 index, uint256 amount) external {
        TokenLock storage l = tokenLocks[lpToken][index];
        require(msg.sender == l.owner, "OWNER");
        require(block.timestamp >= l.unlockDate, "NOT YET");
        l.amount -= amount;
        require(IERC20Transfer(lpToken).transfer(msg.sender, amount), "transfer failed");
        emit onWithdraw(lpToken, amount);
    }

    function getNumLocksForToken(address lpToken) external view returns (uint256) {
        return tokenLocks[lpToken].length;
    }
}
